package tool

import "testing"

// TestReadsFile: the tool names real agents use. A file reader's output is
// never cut lossily; a shell's, a search's or a listing's may be.
func TestReadsFile(t *testing.T) {
	files := []string{
		// Claude Code
		"Read", "Edit", "MultiEdit", "Write", "NotebookRead", "NotebookEdit",
		// Anthropic's text editor tool, OpenHands
		"str_replace_based_edit_tool", "str_replace_editor", "text_editor",
		// Codex CLI, Cline/Roo, Cursor-like, Continue, Gemini CLI
		"apply_patch", "read_file", "write_to_file", "replace_in_file", "edit_file", "view_file",
		"builtin_read_file", "read_many_files", "open_file", "cat",
		// Goose, MCP servers
		"developer__text_editor", "mcp__filesystem__read_file", "mcp__filesystem__read_text_file",
		"mcp__github__get_file_contents", "mcp__shell-tools__read_file", "filesystem.read_file",
		"readFile", "view",
	}
	runs := []string{
		// Claude Code
		"Bash", "BashOutput", "Grep", "Glob", "LS", "WebFetch", "WebSearch", "Task",
		// Codex CLI, Cline/Roo, OpenHands, Goose
		"shell", "local_shell", "exec_command", "execute_command", "search_files", "list_files",
		"list_code_definition_names", "execute_bash", "developer__shell", "mcp__server__bash",
		// Cursor-like, Continue, Gemini CLI
		"run_terminal_cmd", "grep_search", "file_search", "codebase_search", "list_dir",
		"builtin_run_terminal_command", "run_shell_command", "search_file_content", "list_directory",
		"mcp__filesystem__search_files", "mcp__filesystem__directory_tree", "",
	}
	for _, n := range files {
		if !ReadsFile(n) {
			t.Errorf("ReadsFile(%q) = false, want true: a file reader", n)
		}
	}
	for _, n := range runs {
		if ReadsFile(n) {
			t.Errorf("ReadsFile(%q) = true, want false: a run, search or listing", n)
		}
	}
}

func TestNameWords(t *testing.T) {
	tests := map[string]string{
		"NotebookRead":       "notebook read",
		"read_many_files":    "read many files",
		"LS":                 "ls",
		"readFile":           "read file",
		"run-terminal cmd2":  "run terminal cmd2",
		"str_replace_editor": "str replace editor",
		"HTTPGet":            "httpget",
		"":                   "",
	}
	for in, want := range tests {
		got := ""
		for i, w := range nameWords(in) {
			if i > 0 {
				got += " "
			}
			got += w
		}
		if got != want {
			t.Errorf("nameWords(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestIsRetrieve(t *testing.T) {
	for name, want := range map[string]bool{
		"kompress_retrieve": true, "mcp__kompress__kompress_retrieve": true, "mcp__ccr__kompress_retrieve": true,
		"kompress.kompress_retrieve": true, "kompress_compress": false, "retrieve": false, "Bash": false, "kompress_retrieve_all": false,
	} {
		if got := IsRetrieve(name); got != want {
			t.Errorf("IsRetrieve(%q) = %v, want %v", name, got, want)
		}
	}
}
