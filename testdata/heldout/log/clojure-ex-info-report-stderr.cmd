cd /tmp/qa2/clj2 && java -Dclojure.main.report=stderr -cp /usr/share/java/clojure-1.11.jar clojure.main etl.clj 2>&1
# exit status: 1
# Clojure 1.11.1 script (the Debian clojure launcher with clojure.main.report=stderr): progress lines, then ex-info "invalid age"
# from a validator inside a lazy for; the EDN error report (:via, :trace, :data) and the closing "Execution error" lines
