//go:build race

package proxy

// raceEnabled: the race detector is on (go test -race), which runs the
// engine some ten times slower; sequential sweeps skip it.
const raceEnabled = true
