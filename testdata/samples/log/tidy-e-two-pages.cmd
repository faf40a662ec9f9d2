# cwd: /tmp/t6 (Debian tidy 5.6.0; a.html and b.html: unclosed and misnested tags, unquoted attributes, <font> and <center>, an <img> without alt, a duplicate id)
tidy -e a.html b.html 2>&1
# exit status: 1
# findings: below error level (tidy exits 1 on warnings: "Tidy found 11 warnings and 0 errors!")
