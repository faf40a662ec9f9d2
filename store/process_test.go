package store_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/store/storetest"
)

// A child process of this test binary: KOMPRESS_STORE_CHILD=put reads
// the file $KOMPRESS_STORE_FILE into the store at $KOMPRESS_STORE_URL and
// prints the id; =get prints the original of id $KOMPRESS_STORE_ID. Each
// opens, works and closes, as one CLI command does.
const childEnv = "KOMPRESS_STORE_CHILD"

func TestMain(m *testing.M) {
	if mode := os.Getenv(childEnv); mode != "" {
		if err := child(mode); err != nil {
			fmt.Fprintln(os.Stderr, "child:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func child(mode string) error {
	ctx := context.Background()
	s, err := store.Open(ctx, os.Getenv("KOMPRESS_STORE_URL"), store.Options{})
	if err != nil {
		return err
	}
	defer s.Close()
	switch mode {
	case "put":
		data, err := os.ReadFile(os.Getenv("KOMPRESS_STORE_FILE"))
		if err != nil {
			return err
		}
		id, err := s.Put(ctx, "", data)
		if err != nil {
			return err
		}
		fmt.Print(id)
	case "putkill":
		// Puts killOriginals, printing each id once Put returns, then
		// waits to be killed; with KOMPRESS_STORE_HOLD=1 nothing reaches
		// bolt, so all is in the journal when the kill comes.
		if os.Getenv("KOMPRESS_STORE_HOLD") == "1" {
			store.HoldApply(s)
		}
		for i := range killOriginals {
			id, err := s.Put(ctx, "", killOriginal(i))
			if err != nil {
				return err
			}
			fmt.Println(id)
		}
		select {}
	case "get":
		data, err := s.Get(ctx, "", os.Getenv("KOMPRESS_STORE_ID"))
		if err != nil {
			return err
		}
		os.Stdout.Write(data)
	default:
		return fmt.Errorf("unknown mode %q", mode)
	}
	return s.Close()
}

const killOriginals = 200

func killOriginal(i int) []byte {
	return []byte(fmt.Sprintf("original %d of a process killed with -9\n%s", i, strings.Repeat("x", i*37)))
}

// TestKilledProcess: every original whose Put returned survives kill -9
// of the process, whether it was still only in the journal or already in
// bolt, and the next Open serves it.
func TestKilledProcess(t *testing.T) {
	for _, hold := range []string{"0", "1"} {
		t.Run("hold="+hold, func(t *testing.T) {
			url := "bolt:" + t.TempDir() + "/ccr.db"
			cmd := runChild(t, childEnv+"=putkill", "KOMPRESS_STORE_URL="+url, "KOMPRESS_STORE_HOLD="+hold)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			var ids []string
			lines := bufio.NewScanner(out)
			for len(ids) < killOriginals && lines.Scan() {
				ids = append(ids, lines.Text())
			}
			cmd.Process.Kill() // SIGKILL: no Close, no deferred function
			cmd.Wait()
			if len(ids) < killOriginals {
				t.Fatalf("child printed %d ids before it ended: %s", len(ids), stderr.String())
			}
			s := storetest.Open(t, url, store.Options{})
			for i, id := range ids {
				got, err := s.Get(context.Background(), "", id)
				if err != nil || !bytes.Equal(got, killOriginal(i)) {
					t.Fatalf("after kill -9, Get(%s) = %d bytes, %v; want original %d", id, len(got), err, i)
				}
			}
		})
	}
}

func runChild(t *testing.T, env ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), env...)
	return cmd
}

func output(t *testing.T, cmd *exec.Cmd) []byte {
	t.Helper()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %v\n%s", cmd.Env[len(cmd.Env)-3:], err, stderr.String())
	}
	return out
}

// TestNewProcess stores from one process and retrieves from another
// started after the first exited.
func TestNewProcess(t *testing.T) {
	urls := map[string]func(t *testing.T) string{
		"bolt":  func(t *testing.T) string { return "bolt:" + t.TempDir() + "/state/ccr.db" },
		"redis": func(t *testing.T) string { url, _ := storetest.StartRedis(t); return url },
	}
	for _, name := range []string{"bolt", "redis"} {
		t.Run(name, func(t *testing.T) {
			url := urls[name](t)
			data := []byte(strings.Repeat("line of tool output\n", 5000) + "\x00binary tail\xff")
			file := t.TempDir() + "/in"
			if err := os.WriteFile(file, data, 0o600); err != nil {
				t.Fatal(err)
			}
			id := output(t, runChild(t, childEnv+"=put", "KOMPRESS_STORE_URL="+url, "KOMPRESS_STORE_FILE="+file))
			if len(id) != 12 {
				t.Fatalf("child printed id %q", id)
			}
			got := output(t, runChild(t, childEnv+"=get", "KOMPRESS_STORE_URL="+url, "KOMPRESS_STORE_ID="+strings.ToUpper(string(id))))
			if !bytes.Equal(got, data) {
				t.Fatalf("new process got %d bytes, want the %d stored", len(got), len(data))
			}
		})
	}
}

// TestConcurrentProcesses runs several short-lived processes on one bolt
// file at once: each waits its turn for the file lock instead of failing.
func TestConcurrentProcesses(t *testing.T) {
	url := "bolt:" + t.TempDir() + "/ccr.db"
	const n = 4
	cmds := make([]*exec.Cmd, n)
	outs := make([]*bytes.Buffer, n)
	for i := range cmds {
		file := fmt.Sprintf("%s/in%d", t.TempDir(), i)
		if err := os.WriteFile(file, []byte(fmt.Sprintf("output of process %d\n", i)), 0o600); err != nil {
			t.Fatal(err)
		}
		cmds[i] = runChild(t, childEnv+"=put", "KOMPRESS_STORE_URL="+url, "KOMPRESS_STORE_FILE="+file)
		outs[i] = new(bytes.Buffer)
		cmds[i].Stdout = outs[i]
		cmds[i].Stderr = outs[i]
		if err := cmds[i].Start(); err != nil {
			t.Fatal(err)
		}
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("process %d: %v\n%s", i, err, outs[i])
		}
	}
	s := storetest.Open(t, url, store.Options{})
	for i := range n {
		got, err := s.Get(context.Background(), "", outs[i].String())
		if want := fmt.Sprintf("output of process %d\n", i); err != nil || string(got) != want {
			t.Errorf("Get(process %d's id %q) = %q, %v; want %q", i, outs[i], got, err, want)
		}
	}
}

func TestBoltLocked(t *testing.T) {
	path := t.TempDir() + "/ccr.db"
	storetest.Open(t, "bolt:"+path, store.Options{}) // holds the lock
	_, err := store.Open(context.Background(), "bolt:"+path, store.Options{LockTimeout: 100 * time.Millisecond})
	if !errors.Is(err, store.ErrUnavailable) || !strings.Contains(err.Error(), "locked by another process") {
		t.Fatalf("Open(locked file) err = %v, want ErrUnavailable saying it is locked", err)
	}
}

// noHang bounds a call that must fail fast on its own; the deadline is
// far above the store's timeouts, so hitting it means the store hung.
func noHang(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func wantUnavailable(t *testing.T, what string, err error) {
	t.Helper()
	if !errors.Is(err, store.ErrUnavailable) || errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("%s err = %v, want ErrUnavailable from the store's own timeouts", what, err)
	}
}

func checkAllUnavailable(t *testing.T, s store.Store) {
	t.Helper()
	ctx := noHang(t)
	wantUnavailable(t, "Ping", s.Ping(ctx))
	_, err := s.Put(ctx, "", []byte("x"))
	wantUnavailable(t, "Put", err)
	_, err = s.Get(ctx, "", "0123456789ab")
	wantUnavailable(t, "Get", err)
}

func TestRedisDeadAtOpen(t *testing.T) {
	s := storetest.Open(t, "redis://"+storetest.DeadAddr(t)+"/0", store.Options{})
	checkAllUnavailable(t, s)
}

func TestRedisKilledMidRun(t *testing.T) {
	url, kill := storetest.StartRedis(t)
	s := storetest.Open(t, url, store.Options{})
	ctx := context.Background()
	id, err := s.Put(ctx, "", []byte("before the crash"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "", id); err != nil {
		t.Fatal(err)
	}
	kill()
	checkAllUnavailable(t, s)
}

// TestRedisHung talks to a server that accepts connections and never
// answers: the read timeout must turn that into ErrUnavailable.
func TestRedisHung(t *testing.T) {
	s := storetest.Open(t, "redis://"+storetest.HungAddr(t)+"/0?read_timeout=200ms&write_timeout=200ms", store.Options{})
	checkAllUnavailable(t, s)
}

// TestRedisReplicas shares one Redis between two clients, as two server
// replicas do.
func TestRedisReplicas(t *testing.T) {
	url, _ := storetest.StartRedis(t)
	a := storetest.Open(t, url, store.Options{})
	b := storetest.Open(t, url, store.Options{})
	ctx := context.Background()
	id, err := a.Put(ctx, "team", []byte("seen by both replicas"))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := b.Get(ctx, "team", id); err != nil || string(got) != "seen by both replicas" {
		t.Fatalf("replica b Get = %q, %v", got, err)
	}
	if _, err := b.Get(ctx, "other", id); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("other tenant on replica b err = %v, want ErrNotFound", err)
	}
}
