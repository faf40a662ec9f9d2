cat /root/go/pkg/mod/github.com/spf13/cobra@v1.10.2/site/content/user_guide.md | head -c 60000
# exit status: 0
# head -c 60000
