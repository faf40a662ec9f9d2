// Command genbig writes a big generated input for scripts/bench-mem.sh:
// a log, grep hits or a one-line JSON array of about -size bytes, the same
// bytes on every run.
//
//	go run ./scripts/genbig -kind log -size 100000000 >big.log
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	kind := flag.String("kind", "log", "log, grep or json")
	size := flag.Int("size", 100_000_000, "bytes to write, about")
	flag.Parse()
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer w.Flush()
	switch *kind {
	case "log":
		// The log samples one after another, each line of a copy numbered
		// so that copies differ, as the runs of a long CI log do.
		logs := read("testdata/samples/log/*.txt")
		for n, i := 0, 0; n < *size; i++ {
			for _, line := range strings.SplitAfter(logs[i%len(logs)], "\n") {
				if line == "" {
					continue
				}
				s := strings.TrimSuffix(line, "\n")
				if i%7 != 0 && s != "" {
					s = fmt.Sprintf("%s [%d]", s, i)
				}
				k, _ := fmt.Fprintln(w, s)
				n += k
			}
		}
	case "grep":
		// grep -rn over this tree's Go files, copies under other roots.
		files, _ := filepath.Glob("*/*.go")
		more, _ := filepath.Glob("*/*/*.go")
		files = append(files, more...)
		sort.Strings(files)
		for n, i := 0, 0; n < *size; i++ {
			f := files[i%len(files)]
			for ln, line := range strings.Split(read(f)[0], "\n") {
				if !strings.Contains(line, "return") && !strings.Contains(line, "func") {
					continue
				}
				k, _ := fmt.Fprintf(w, "src%d/%s:%d:%s\n", i/len(files), f, ln+1, line)
				n += k
			}
		}
	case "json":
		w.WriteString("[")
		for n, i := 0, 0; n < *size; i++ {
			if i > 0 {
				w.WriteString(",")
			}
			k, _ := fmt.Fprintf(w, `{"id":%d,"name":"user%d","email":"u%d@example.com","active":%t,"score":%d.%03d,"tags":["a","b","c"]}`,
				i, i, i, i%3 == 0, i%97, i%1000)
			n += k + 1
		}
		w.WriteString("]\n")
	default:
		fmt.Fprintln(os.Stderr, "genbig: -kind is log, grep or json")
		os.Exit(2)
	}
}

func read(glob string) []string {
	files, err := filepath.Glob(glob)
	if err != nil || len(files) == 0 {
		fmt.Fprintln(os.Stderr, "genbig: no files for", glob, "(run from the repository root)")
		os.Exit(1)
	}
	sort.Strings(files)
	var out []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, "genbig:", err)
			os.Exit(1)
		}
		out = append(out, string(b))
	}
	return out
}
