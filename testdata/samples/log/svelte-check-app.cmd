cd /tmp/qaroute/sv && svelte-check --tsconfig ./tsconfig.json 2>&1
# exit status: 1
# src/: three Svelte 5 components with TypeScript errors and a11y/CSS warnings (svelte-check from npm)
