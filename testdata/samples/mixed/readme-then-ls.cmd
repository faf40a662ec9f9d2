head -c 4000 /root/go/pkg/mod/github.com/spf13/cobra@v1.10.2/README.md; echo; ls -l /root/go/pkg/mod/github.com/spf13/cobra@v1.10.2
# exit status: 0
