// Package router detects the shape of tool output (search hits, logs, JSON,
// tables, code, diffs, HTML, prose) so each part can go to the compressor made
// for it.
//
// Detect names the kind of a whole input; Split cuts mixed output (a build log
// followed by a JSON blob, a table then a traceback) into sections, each of
// one kind, covering the input without gaps. Both run in linear time with
// hand-written scanners: one pass classifies lines by prefix and shape, JSON
// values, diff hunks and HTML documents are claimed by their structure, and
// a few passes over runs of lines merge what belongs together.
//
// Some routing choices are conventions worth knowing:
//   - go test -json output is JSON Lines, but is Log: it is test events, and
//     the log compressor knows them.
//   - Test runner failure reports (pytest's FAILURES and ERRORS sections) are
//     Log, source excerpts included: the quoted code is part of the report.
//   - git show and git log -p are Diff: commit headers and messages belong to
//     the patch format.
//   - Markdown fenced code blocks are part of the Prose around them; text,
//     code and tables between HTML tags are part of the HTML.
//   - Search output is grep -n / rg -n hits (see ParseHit), ripgrep --heading
//     blocks (see ParseHeadingHit), -C context with "--" separators, and
//     -l/find path lists.
//   - Drawn trees (tree, npm ls, cargo tree with ├── and └──, or tree's
//     ASCII |-- and `--) and go mod graph edges are Table: one entry per row,
//     so the table compressor keeps the rows it shows verbatim and in order,
//     where prose word dropping would break the drawing. A tree printed after
//     a log (npm install; npm ls) stays part of the log.
//   - apt-get -s / --dry-run (Inst and Conf lines, package lists under "The
//     following ... packages" headers) is Log; grep -c / rg -c "path:count"
//     lines are Search.
//   - Field records are Log: blocks of "Key: value" lines with a capitalised
//     key (apt-cache show, dpkg -s, apt-cache policy and depends, HTTP and
//     mail headers), their indented continuation lines (a Description's
//     body, policy's version table) and bare names heading them ("bash:"),
//     and "Key=value" / "section.key=value" dumps (systemctl show, git
//     config -l). Prose word dropping would break Depends: lines and
//     checksums; the log compressor keeps lines verbatim, in order, and
//     keeps each record's first line ("Package: grep").
//   - rg --json events are JSON Lines but route as Search: the search
//     compressor reads them and shows ripgrep's heading form.
//   - A grep -C context line ("path-N-text") counts as Search only beside a
//     "path:N:" match of the same path, as grep prints it; table rows whose
//     first column reads like one ("kworker/R-sync_-5-7f9c5  1/1  Running")
//     are judged by their own shape, so an aligned table stays one section.
//   - CSV and TSV are Table whatever their cells hold: blocks of records
//     with the same number of commas or tabs outside quotes (RFC 4180
//     quoting, "" escapes and quoted line breaks included). Cells of words
//     would otherwise read as prose, and dropping a word changes a value.
//   - Configuration files are Code, which gets lossless folds only: YAML
//     (lower-case "key: value" nesting by indentation, "- item" lists,
//     "---"), TOML and INI ("[section]" with "key = value"). Prose word
//     dropping would change values. Markdown lists have no keys, and
//     capitalised "Key: value" blocks are field records (below).
//   - go build -v and go list package lists (import paths a line,
//     "internal/abi", "golang.org/x/text/unicode/norm") are Log; a block
//     with one file-like line (an extension, a leading "./" or "/", a
//     trailing "/") stays a Search path list.
//   - Tools with a line shape of their own route as Log: sanitizer and
//     valgrind reports (shadow bytes included), strace, TAP (node --test),
//     shellcheck, eslint stylish, curl -v headers and progress, psql and
//     sqlite3 messages. psql's aligned rows and "----+----" rules, "(N
//     rows)" and box-drawn tables (sqlite3 -box) are Table.
//   - A status line after a JSON value at the end of the input ("exit
//     status 1", "done") is its own section, so the value still parses; a
//     long value broken by a line of other output (curl -v's progress
//     meter) is a value cut off there. curl without -s writes its first
//     meter row just before the body's first byte: that line opens the
//     value, the meter's header above it is a Log section.
//   - JSON in psql's one-column frame (EXPLAIN (FORMAT JSON), jsonb_pretty:
//     cell lines padded and ended by '+') is JSON, frame included; a text
//     plan is Log, its nodes' properties with it.
//   - git log --stat (commits with a diffstat, no patch) is Log, history;
//     a single commit with a --stat is Diff, as git show is. gofmt -d's
//     "diff x.orig x" and "--- x.orig" / "+++ x" belong to the diff.
//   - A compiler's or checker's diagnostic owns the lines under it up to a
//     blank line (nim's candidates, pyright's reasons, svelte-check's
//     quoted markup under a bare "path:N:M"); fpc and nim put the severity
//     after a parenthesised place ("a.pas(28,21) Error: …").
//   - git log --oneline (a hash at column 0, then the subject) is Log, as
//     git log is; configure's "checking for x... yes" steps, "prog: error:"
//     lines and Lisp backtrace frames ("3: (MEAN (1 2))") are Log. Lists
//     of a name and a summary (apt-cache search, apropos), file(1)'s
//     padded "path:   description" rows, count rows ("     44 Merge":
//     uniq -c, wc -l) and the mysql client's \G rows are Table.
//   - iptables-save output is Code (a ruleset iptables-restore reads back).
//     iproute2's listings (ip link and ip addr headings with the lines
//     under them, ip route rows), sysstat's rows opening with the time of
//     day or "Average:" (sar, pidstat, mpstat), go list -m's "path
//     version" lines, git branch -v rows and hexdump -C rows are Table.
//     Padded key columns ("Model name:     AMD EPYC", "cpu MHz\t\t: 2596"),
//     env dumps, runs of lines opening with one program's name ("gpg: …"),
//     tcl's errorInfo frames, g++'s "required from" backtrace lines, apt-cache
//     showpkg's Reverse Depends and bandit's issues with their numbered
//     excerpts are Log.
//   - ANSI colour is ignored for classification: coloured input is routed
//     as its plain text is (jq -C is JSON); internal/ansi removes it.
//
// Input with NUL bytes or more than 1% of its bytes not valid UTF-8 is
// Binary (see IsBinary), input with no bytes or only
// whitespace is Empty; neither is split.
package router

// Kind is the detected shape of a piece of tool output.
type Kind string

// The kinds the router knows. Binary and Empty are never compressed.
const (
	Empty  Kind = "empty"
	Binary Kind = "binary" // NUL bytes or much invalid UTF-8 (IsBinary)
	Search Kind = "search" // grep -n / rg output, rg --heading, -C context, -l path lists
	Log    Kind = "log"    // build, test, package-manager and service logs
	JSON   Kind = "json"   // object, array, JSON Lines, concatenated values
	Table  Kind = "table"  // CSV/TSV, whitespace-aligned columns (ps aux, ls -l)
	Code   Kind = "code"   // source code, YAML/TOML/INI configuration
	Diff   Kind = "diff"   // unified diffs, git show/diff
	HTML   Kind = "html"   // HTML or XML markup
	Prose  Kind = "prose"  // natural-language text, man pages, docs
	Mixed  Kind = "mixed"  // several sections of different kinds; see Split
)
