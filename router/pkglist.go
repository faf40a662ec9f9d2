package router

import "bytes"

// Package lists: go build -v and go list print one import path a line
// ("internal/abi", "golang.org/x/text/unicode/norm", "runtime"). With a '/'
// they pass for paths in an rg -l or find listing, but they name packages
// being built, so a block of them is Log. File listings differ: files have
// extensions, directories from find start with "./" or "/", and ls -p
// marks them with a trailing '/'; one such line keeps the block Search.

// pkgMinLines is how many lines a block of import paths needs, of which
// at least two must have a '/'.
const pkgMinLines = 3

// packageLists relabels as Log the blocks (runs of non-blank lines) made
// only of import paths (see importPath) that no strong vote claims, and as
// Table those that are mostly modules with their versions (go list -m
// all: "github.com/beorn7/perks v1.0.1").
func packageLists(b []byte, lines []lineInfo) {
	for i := 0; i < len(lines); {
		if lines[i].blank {
			i++
			continue
		}
		j, slashed, versioned, ok := i, 0, 0, true
		for ; j < len(lines) && !lines[j].blank; j++ {
			if !ok {
				continue // find the block's end
			}
			li := &lines[j]
			if li.weight >= wStrong && li.kind != kLog {
				ok = false // claimed strongly by a kind no package list is
				continue
			}
			line := li.text(b)
			if sp := bytes.IndexByte(line, ' '); sp > 0 && li.weight < wStrong && moduleVersion(line[sp+1:]) {
				line = line[:sp] // go list -m all: "golang.org/x/text v0.22.0"
				versioned++
			}
			if li.weight >= wStrong && !hasPrefix(line, "go: ") || !importPath(line) && !hasPrefix(line, "go: ") {
				ok = false
				continue
			}
			if bytes.IndexByte(line, '/') >= 0 {
				slashed++
			}
		}
		if ok && slashed >= 2 && j-i >= pkgMinLines {
			// Modules with their versions are a list of what is required,
			// one entry a row, as go mod graph's edges are.
			k := kLog
			if versioned*2 >= j-i {
				k = kTable
			}
			for n := i; n < j; n++ {
				lines[n].kind, lines[n].weight = k, wStrong
			}
		}
		i = j
	}
}

// importPath reports whether a line is one Go-style import path: elements
// of lower-case letters, digits and "_-.~" joined by '/', the first maybe a
// domain ("golang.org"), the last without a file extension (a version
// suffix such as "yaml.v3" or a "v1.0.0" element is allowed), no leading '.', '/' or '~' and no
// trailing '/'.
func importPath(line []byte) bool {
	if len(line) == 0 || len(line) > 512 || !isLower(line[0]) || line[len(line)-1] == '/' {
		return false
	}
	for _, c := range line {
		if !(isLower(c) || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.' || c == '/' || c == '~') {
			return false
		}
	}
	last := line[bytes.LastIndexByte(line, '/')+1:]
	if d := bytes.LastIndexByte(last, '.'); d >= 0 && !semver(last) {
		ext := last[d+1:]
		// "yaml.v3" is a version; "main.go", "a.txt" are files.
		if !(len(ext) >= 2 && ext[0] == 'v' && digits(ext[1:])) {
			return false
		}
	}
	return true
}

// moduleVersion reports what follows a module path on a line of go list
// -m: its version ("v1.2.3", "v0.0.0-20240927000941-0f3dac36c52b",
// "v2.0.0+incompatible"), maybe then " => " and a replacement, or an
// update in brackets ("[v1.3.0]", go list -m -u).
func moduleVersion(r []byte) bool {
	if len(r) < 2 || r[0] != 'v' || !isDigit(r[1]) {
		return false
	}
	e := bytes.IndexByte(r, ' ')
	if e < 0 {
		e = len(r)
	}
	for _, c := range r[1:e] {
		if !isDigit(c) && !isLower(c) && c != '.' && c != '-' && c != '+' {
			return false
		}
	}
	rest := r[e:]
	return len(rest) == 0 || hasPrefix(rest, " => ") || hasPrefix(rest, " [v")
}

// semver reports whether an element is a version: "v1.0.0".
func semver(e []byte) bool {
	if len(e) < 2 || e[0] != 'v' {
		return false
	}
	for _, c := range e[1:] {
		if c != '.' && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}
