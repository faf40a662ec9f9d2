package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/pprof"
	"strings"
	"syscall"

	"github.com/kompress/kompress/internal/envconfig"

	"github.com/spf13/cobra"
)

// Exit codes of the contract.
const (
	exitOK      = 0
	exitFailure = 1
	exitUsage   = 2
)

// usageError marks errors in how the command was called (exit 2).
type usageError struct{ error }

func usagef(format string, a ...any) error { return usageError{fmt.Errorf(format, a...)} }

// run executes the command line and returns the process exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	log := slog.New(newCLIHandler(stderr, logLevel()))
	root := newRootCmd(log)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	// The client library's errors name themselves already ("kompress: …").
	fmt.Fprintln(stderr, "kompress:", strings.TrimPrefix(err.Error(), "kompress: "))
	var ue usageError
	// cobra reports an unknown command with its own plain error.
	if errors.As(err, &ue) || strings.HasPrefix(err.Error(), "unknown command ") {
		return exitUsage
	}
	return exitFailure
}

func logLevel() slog.Level {
	if envconfig.Debug() {
		return slog.LevelDebug
	}
	return slog.LevelWarn
}

func newRootCmd(log *slog.Logger) *cobra.Command {
	root := &cobra.Command{
		Use:           "kompress",
		Short:         "Compress tool output for LLM agents, losslessly first, reversibly when lossy",
		Long:          "Compress tool output for LLM agents, losslessly first, reversibly when lossy.\n\nEnvironment:\n" + envconfig.Help(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	// --cpuprofile and --memprofile write pprof profiles of the whole
	// command (CPU; allocations), for looking at where a run as users run
	// it spends its time and memory.
	var profile, memProfile string
	var profileFile *os.File
	root.PersistentFlags().StringVar(&profile, "cpuprofile", "", "write a CPU profile of the command to this file")
	root.PersistentFlags().MarkHidden("cpuprofile")
	root.PersistentFlags().StringVar(&memProfile, "memprofile", "", "write an allocation profile of the command to this file")
	root.PersistentFlags().MarkHidden("memprofile")
	root.PersistentPreRunE = func(*cobra.Command, []string) error {
		if profile == "" {
			return nil
		}
		f, err := os.Create(profile)
		if err != nil {
			return err
		}
		profileFile = f
		return pprof.StartCPUProfile(f)
	}
	root.PersistentPostRunE = func(*cobra.Command, []string) error {
		if memProfile != "" {
			f, err := os.Create(memProfile)
			if err != nil {
				return err
			}
			if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
				f.Close()
				return err
			}
			if err := f.Close(); err != nil {
				return err
			}
		}
		if profileFile == nil {
			return nil
		}
		pprof.StopCPUProfile()
		return profileFile.Close()
	}
	root.AddCommand(
		newCompressCmd(log),
		newExpandCmd(log),
		newRetrieveCmd(log),
		newServeCmd(log),
		newProxyCmd(log),
		newMCPCmd(log),
		newToolsCmd(),
		newVersionCmd(),
	)
	return root
}

// exactArgs is cobra.ExactArgs reporting a usage error.
func maxArgs(n int) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) > n {
			return usagef("expected at most %d argument(s), got %d", n, len(args))
		}
		return nil
	}
}
