# cwd: /tmp/t8 (Debian behave 1.2.6; features/cart.feature: two scenarios and an outline of three; a step raising KeyError, an assertion failing in one example)
behave --no-color 2>&1
# exit status: 1
