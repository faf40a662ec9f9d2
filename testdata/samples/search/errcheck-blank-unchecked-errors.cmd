cd /tmp/qa2/ec1 && /tmp/qa2/gobin/errcheck -blank -asserts ./... 2>&1
# exit status: 1
# errcheck v1.30.0 (-blank -asserts) on a small module: ignored Close/Flush/Encode/Remove/Setenv results and
# errors discarded to _ from os.Open, io.ReadAll, http.Get, strconv.Atoi
# routed as search: errcheck's "file:line:col:<TAB>statement" rows are rg --vimgrep's form over tab-indented Go; each is listed in a hit or in its file's omitted-lines note
