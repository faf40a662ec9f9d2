cd /tmp/qa/behave && behave --no-color 2>&1
# exit status: 1
# features/cart.feature with a scenario outline, steps with a KeyError and an undefined step
