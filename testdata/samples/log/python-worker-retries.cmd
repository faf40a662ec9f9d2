python3 worker.py  # logging.exception on each failed charge (ValueError) and each failed health check (ConnectionRefusedError), warnings every 45 orders
