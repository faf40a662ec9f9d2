// Command kompress compresses tool output for LLM agents: from files or
// stdin (compress), back again (expand, retrieve), or as an HTTP service
// (serve).
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
