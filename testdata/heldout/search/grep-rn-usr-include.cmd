grep -rn 'pthread_mutex_|EINVAL' /usr/include
# exit status: 0
