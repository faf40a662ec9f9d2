cd /var/log/apt && tail -c 16000 history.log
# exit status: 0
# includes this session's apt-get install; first line may be cut mid-transaction
