python3 app.py  # Python 3.11.7; a script written for the sample: asyncio runs a worker in a thread pool, which json.loads a bad file
# exit status 1
