// Package storetest gives other packages' tests real stores: process
// memory, a bolt file in a temp dir, and a throwaway redis-server.
package storetest

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kompress/kompress/store"
)

// RequireRedisEnv, set to 1, turns a missing redis-server from a skip into
// a failure, so CI cannot pass by skipping the Redis tests.
const RequireRedisEnv = "KOMPRESS_REQUIRE_REDIS"

// Memory opens a "memory:" store closed when the test ends.
func Memory(t testing.TB) store.Store {
	t.Helper()
	return Open(t, "memory:", store.Options{})
}

// Bolt opens a bolt store in a fresh temp dir, closed when the test ends.
func Bolt(t testing.TB) store.Store {
	t.Helper()
	return Open(t, "bolt:"+t.TempDir()+"/ccr.db", store.Options{})
}

// Open opens url with opts, failing the test on error, and closes the
// store when the test ends.
func Open(t testing.TB, url string, opts store.Options) store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), url, opts)
	if err != nil {
		t.Fatalf("store.Open(%q): %v", url, err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("closing %s: %v", url, err)
		}
	})
	return s
}

// DeadAddr returns the host:port of a server that is dead to every
// client: it accepts each connection and closes it at once, unread, until
// the test ends. Unlike a fixed port such as 1, or a port closed again
// after a probe, nothing else can be listening there meanwhile.
func DeadAddr(t testing.TB) string {
	t.Helper()
	return serve(t, false)
}

// HungAddr returns the host:port of a server that accepts connections and
// never answers on them, until the test ends.
func HungAddr(t testing.TB) string {
	t.Helper()
	return serve(t, true)
}

// serve listens on a free port until the test ends. It closes each
// connection it accepts at once, or with hang holds them all open, unread,
// until the test ends.
func serve(t testing.TB, hang bool) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var held []net.Conn
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			c, err := l.Accept()
			if err != nil {
				return // closed at the end of the test
			}
			if hang {
				held = append(held, c)
			} else {
				c.Close()
			}
		}
	}()
	t.Cleanup(func() {
		l.Close()
		<-done
		for _, c := range held {
			c.Close()
		}
	})
	return l.Addr().String()
}

// StartRedis starts a redis-server on a free 127.0.0.1 port, without
// persistence, and returns its URL ("redis://127.0.0.1:PORT/0") and a kill
// function that stops it at once (SIGKILL, as a crash would). The server is
// killed when the test ends. Without redis-server on PATH the test is
// skipped, unless KOMPRESS_REQUIRE_REDIS=1, which makes it fail.
func StartRedis(t testing.TB) (url string, kill func()) {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		msg := "redis-server not found on PATH (Debian: apt-get install -y redis-server)"
		if os.Getenv(RequireRedisEnv) == "1" {
			t.Fatalf("%s, and %s=1 requires it", msg, RequireRedisEnv)
		}
		t.Skipf("%s; set %s=1 to make this a failure", msg, RequireRedisEnv)
	}
	// The free port can be taken between our probe and Redis binding it;
	// a few attempts make that race harmless.
	var lastErr error
	for range 3 {
		url, kill, err := startRedis(t, bin)
		if err == nil {
			t.Cleanup(kill)
			return url, kill
		}
		lastErr = err
	}
	t.Fatalf("starting redis-server: %v", lastErr)
	return "", nil
}

func startRedis(t testing.TB, bin string) (string, func(), error) {
	port, err := freePort()
	if err != nil {
		return "", nil, err
	}
	var log bytes.Buffer
	cmd := exec.Command(bin,
		"--port", strconv.Itoa(port),
		"--bind", "127.0.0.1",
		"--save", "",
		"--appendonly", "no",
		"--dir", t.TempDir(),
		"--daemonize", "no",
		"--logfile", "")
	cmd.Stdout = &log
	cmd.Stderr = &log
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	var once sync.Once
	kill := func() {
		once.Do(func() {
			cmd.Process.Kill()
			<-exited
		})
	}
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	deadline := time.Now().Add(2 * time.Minute) // a loaded machine starts processes slowly
	for {
		select {
		case <-exited:
			return "", nil, fmt.Errorf("redis-server exited at start:\n%s", log.String())
		default:
		}
		if ours(addr, cmd.Process.Pid) == nil {
			return "redis://" + addr + "/0", kill, nil
		}
		if time.Now().After(deadline) {
			kill()
			return "", nil, fmt.Errorf("redis-server on %s did not answer INFO within 2m:\n%s", addr, log.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// ours asks the server on addr for its process id (INFO server), speaking
// just enough RESP; go-redis would also do, but this keeps start-up free of
// pool and retry behaviour. It is nil only when the server answering is
// the process pid: the probed port can be taken by another test's Redis
// before ours binds it, and that one must not pass for ours while ours
// exits with "address in use".
func ours(addr string, pid int) error {
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := c.Write([]byte("INFO server\r\n")); err != nil {
		return err
	}
	r := bufio.NewReader(c)
	head, err := r.ReadString('\n')
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(head, "$")))
	if !strings.HasPrefix(head, "$") || err != nil {
		return fmt.Errorf("INFO answered %q", head)
	}
	info := make([]byte, n)
	if _, err := io.ReadFull(r, info); err != nil {
		return err
	}
	if !strings.Contains(string(info), fmt.Sprintf("\nprocess_id:%d\r", pid)) {
		return fmt.Errorf("%s is another process's Redis", addr)
	}
	return nil
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
