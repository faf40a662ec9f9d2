# cwd: /tmp/qa5/fx/prof (work.py: counts the words of GPL-3 x20 three times)
python3 -m cProfile -s cumtime work.py
# exit status 0
