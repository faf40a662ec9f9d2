npm search --json react
# exit status: 1 (the registry mirror here does not serve search: npm error lines around a JSON error object)
