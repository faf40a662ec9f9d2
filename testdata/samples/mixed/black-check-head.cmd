black --check --diff -l 60 pysrc2 2>&1
# cut: the first 597 of 2494 lines (the diffs of the first 7 files) and the last 3 (the summary)
