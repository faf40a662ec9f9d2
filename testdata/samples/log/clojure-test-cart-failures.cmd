cd /tmp/qa2/clj1 && clojure cart_test.clj 2>&1
# exit status: 1
# Clojure 1.11.1 (Debian clojure, JDK 17): clojure.test run-tests over 4 deftests: 4 FAIL (float vs int, negative total,
# string case, split regex) and 1 ERROR (NumberFormatException with a 43-frame trace); script exits 1 on failures
