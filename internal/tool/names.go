package tool

import (
	"strings"
	"unicode"
)

// ReadsFile reports whether a tool named name shows a file's content, which
// the model may edit next: its output gets byte-exact folds only, never a
// lossy cut (an edit must match the text it read, byte for byte).
//
// Agents name their tools in many ways (Claude Code's Read, Codex's
// read_file, Goose's developer__text_editor, OpenHands' str_replace_editor,
// an MCP server's mcp__github__get_file_contents), so the rule reads the
// name's words rather than a list of names:
//
//   - Only the tool's own name counts, after the last "__", ".", "/" or
//     ":" (mcp__SERVER__TOOL, EXTENSION__TOOL, server.tool): a server
//     called shell-tools does not make its read_file a shell.
//   - The name is split into words at non-letters and camelCase bumps
//     (NotebookRead: notebook, read; read_many_files: read, many, files).
//   - A word that runs a command or searches (bash, shell, exec, run,
//     command, terminal, grep, search, find, glob, list, ls, …) makes it
//     output lossy compression may cut: a run's log, a search's hits, a
//     listing (Cline's search_files and list_files, Gemini's
//     search_file_content, Cursor's file_search).
//   - Otherwise a word of reading or editing a file (read, view, cat,
//     open, file, editor, edit, write, notebook, replace, patch, content)
//     makes it a file reader.
//
// Other names (WebFetch, Task, a name never seen) are not file readers.
func ReadsFile(name string) bool {
	words := nameWords(ownName(name))
	for _, w := range words {
		if runWords[w] {
			return false
		}
	}
	for _, w := range words {
		if fileWords[w] {
			return true
		}
	}
	return false
}

// IsRetrieve reports whether a tool named name is kompress_retrieve, under
// any server or extension prefix (mcp__kompress__kompress_retrieve): its
// output is an original the model asked for, which compressing again would
// turn back into the same marker.
func IsRetrieve(name string) bool {
	return ownName(name) == Retrieve
}

// runWords name tools whose output is a command's run, a search or a
// listing.
var runWords = setOf("bash", "sh", "zsh", "shell", "exec", "execute", "run", "command", "cmd", "terminal",
	"console", "process", "grep", "rg", "search", "find", "glob", "list", "ls", "tree", "diagnostics")

// fileWords name tools that show or change a file's content.
var fileWords = setOf("read", "view", "cat", "open", "file", "files", "editor", "edit", "write", "notebook",
	"replace", "patch", "content", "contents")

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// ownName is the tool's own name, without the prefixes that name its
// server or extension.
func ownName(name string) string {
	if i := strings.LastIndex(name, "__"); i >= 0 && i+2 < len(name) {
		name = name[i+2:]
	}
	if i := strings.LastIndexAny(name, "./:"); i >= 0 && i+1 < len(name) {
		name = name[i+1:]
	}
	return name
}

// nameWords splits a name into lower-case words at every character that is
// not a letter or digit and where a lower-case letter meets an upper-case
// one (readFile, NotebookRead; an acronym such as LS stays one word).
func nameWords(name string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	prevLower := false
	for _, r := range name {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
			prevLower = false
			continue
		case unicode.IsUpper(r) && prevLower:
			flush()
		}
		cur = append(cur, r)
		prevLower = unicode.IsLower(r) || unicode.IsDigit(r)
	}
	flush()
	return words
}
