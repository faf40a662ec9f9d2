cd /root/go/pkg/mod && rg -n --no-heading 'panic\(' github.com/spf13/cobra@v1.10.2
# exit status: 0
