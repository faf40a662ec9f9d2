python3 -c 'import argparse; help(argparse.ArgumentParser.add_argument)' | cat; pydoc3 json | head -c 30000
# exit status: 0
# pydoc3 output, head -c 30000
