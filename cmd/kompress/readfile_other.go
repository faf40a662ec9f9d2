//go:build !unix

package main

import "os"

// readRegular opens name for readInput to read as a stream.
func readRegular(name string, _ int64, _ []byte) (f *os.File, data []byte, err error) {
	f, err = os.Open(name)
	return f, nil, err
}
