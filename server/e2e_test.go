package server_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/kompress/kompress/store/storetest"
	"github.com/kompress/kompress/wire"
)

// requireE2EEnv, set to 1, turns an unbuildable kompress binary or one
// without "serve" from a skip into a failure, so CI cannot pass by skipping.
const requireE2EEnv = "KOMPRESS_REQUIRE_E2E"

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
	buildDir  string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// kompressBin builds ./cmd/kompress once per test run and checks that it
// has the serve command.
func kompressBin(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end test: skipped with -short")
	}
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "kompress-e2e-")
		if buildErr != nil {
			return
		}
		binPath = filepath.Join(buildDir, "kompress")
		out, err := exec.Command("go", "build", "-o", binPath, "../cmd/kompress").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build ./cmd/kompress: %v\n%s", err, out)
			return
		}
		out, err = exec.Command(binPath, "serve", "--help").CombinedOutput()
		if err != nil || !bytes.Contains(out, []byte("--addr")) {
			buildErr = fmt.Errorf("kompress serve --help: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		if os.Getenv(requireE2EEnv) == "1" {
			t.Fatalf("%v\n(%s=1 makes this a failure)", buildErr, requireE2EEnv)
		}
		t.Skipf("kompress serve is not available yet, skipping the end-to-end test (set %s=1 to fail instead): %v", requireE2EEnv, buildErr)
	}
	return binPath
}

// proc is a running `kompress serve`.
type proc struct {
	t      *testing.T
	cmd    *exec.Cmd
	base   string
	stderr *syncBuffer
	exited chan struct{}
	killed bool
}

// startServe starts `kompress serve --addr 127.0.0.1:0` with args and env
// and waits for the "listening on" line the CLI prints, then for /healthz.
// The process is stopped with SIGTERM when the test ends, and must exit 0.
func startServe(t *testing.T, env []string, args ...string) *proc {
	t.Helper()
	bin := kompressBin(t)
	cmd := exec.Command(bin, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	p := &proc{t: t, cmd: cmd, stderr: &syncBuffer{}, exited: make(chan struct{})}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			fmt.Fprintln(p.stderr, line)
			if _, a, ok := strings.Cut(line, "listening on "); ok {
				select {
				case addr <- strings.TrimSpace(a):
				default:
				}
			}
		}
		_, _ = io.Copy(p.stderr, stderr)
	}()
	go func() { _ = cmd.Wait(); close(p.exited) }()
	t.Cleanup(p.stop)

	select {
	case a := <-addr:
		if !strings.HasPrefix(a, "http://") {
			a = "http://" + a
		}
		p.base = a
	case <-p.exited:
		t.Fatalf("kompress serve exited at start: %v\n%s", cmd.ProcessState, p.stderr)
	case <-time.After(2 * time.Minute):
		t.Fatalf("kompress serve printed no \"listening on\" line in 2m:\n%s", p.stderr)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for {
		if err := p.client("").Health(ctx); err == nil {
			return p
		} else if ctx.Err() != nil {
			t.Fatalf("/healthz never answered: %v\n%s", err, p.stderr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (p *proc) client(key string) *wire.Client {
	return wire.NewClient(p.base, key, &http.Client{Timeout: 60 * time.Second})
}

// kill9 ends the process as a crash would.
func (p *proc) kill9() {
	p.t.Helper()
	p.killed = true
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		p.t.Fatal(err)
	}
	<-p.exited
}

func (p *proc) stop() {
	if p.killed {
		return
	}
	select {
	case <-p.exited:
		p.t.Errorf("kompress serve exited early: %v\n%s", p.cmd.ProcessState, p.stderr)
		return
	default:
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.exited:
		if code := p.cmd.ProcessState.ExitCode(); code != 0 {
			p.t.Errorf("kompress serve exited %d after SIGTERM, want 0\n%s", code, p.stderr)
		}
	case <-time.After(2 * time.Minute):
		_ = p.cmd.Process.Kill()
		<-p.exited
		p.t.Errorf("kompress serve did not stop within 2m of SIGTERM\n%s", p.stderr)
	}
}

// bigBuildLog is a long, repetitive build log with failures: the kind of
// tool output any lossy compressor shortens, varied by seed so each call
// gets its own id.
func bigBuildLog(seed int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "$ make -j8 all  # run %d\n", seed)
	for i := range 1500 {
		fmt.Fprintf(&b, "  CC      src/module_%03d/file_%04d.o\n", i%37, i)
		if i%100 == 99 {
			fmt.Fprintf(&b, "[%3d%%] Built target module_%03d\n", i/15, i%37)
		}
	}
	fmt.Fprintf(&b, "src/module_007/parser.c:%d:14: error: 'tok' undeclared (first use in this function)\n", 100+seed)
	b.WriteString("make[2]: *** [Makefile:412: src/module_007/parser.o] Error 1\n")
	b.WriteString("make: *** [Makefile:96: all] Error 2\n")
	return b.String()
}

func compressLossy(t *testing.T, c *wire.Client, content string) wire.Result {
	t.Helper()
	res, err := c.Compress(context.Background(), wire.CompressRequest{Content: content, Tool: "Bash"})
	if err != nil {
		t.Fatal(err)
	}
	if res.CCRID == "" || res.Lossless {
		t.Fatalf("want a lossy result with an id for a %d-byte build log, got strategy %q lossless=%v (%d → %d bytes)",
			len(content), res.Strategy, res.Lossless, res.OriginalBytes, res.CompressedBytes)
	}
	if !strings.Contains(res.Text, res.CCRID) {
		t.Errorf("result text does not name its id %s", res.CCRID)
	}
	return res
}

func TestE2ETwoServersOneRedis(t *testing.T) {
	kompressBin(t)
	url, _ := storetest.StartRedis(t)
	env := []string{"KOMPRESS_API_KEYS=acme=e2e-key-acme,globex=e2e-key-globex"}
	a := startServe(t, env, "--store", url)
	b := startServe(t, env, "--store", url)
	ctx := context.Background()

	content := bigBuildLog(1)
	res := compressLossy(t, a.client("e2e-key-acme"), content)
	got, err := b.client("e2e-key-acme").Retrieve(ctx, res.CCRID)
	if err != nil {
		t.Fatalf("retrieve on the other replica: %v", err)
	}
	if string(got) != content {
		t.Errorf("retrieve on the other replica returned %d bytes, not the original %d", len(got), len(content))
	}
	_, err = b.client("e2e-key-globex").Retrieve(ctx, res.CCRID)
	wantAPIError(t, err, 404, "not_found")
	_, err = b.client("").Retrieve(ctx, res.CCRID)
	wantAPIError(t, err, 401, "unauthorized")
	_, err = b.client("wrong").Retrieve(ctx, res.CCRID)
	wantAPIError(t, err, 401, "unauthorized")

	exp, err := b.client("e2e-key-acme").Expand(ctx, res.Text)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(exp.Text, content) {
		t.Errorf("expand on the other replica did not put the original back: %+v", exp.Expanded)
	}
	if err := b.client("").Ready(ctx); err != nil {
		t.Errorf("readyz: %v", err)
	}
	for _, p := range []*proc{a, b} {
		if strings.Contains(p.stderr.String(), "e2e-key-") {
			t.Errorf("a key appears in the server log")
		}
	}
}

func TestE2ERedisKilled(t *testing.T) {
	kompressBin(t)
	url, kill := storetest.StartRedis(t)
	p := startServe(t, nil, "--store", url)
	c := p.client("")
	ctx := context.Background()

	res := compressLossy(t, c, bigBuildLog(2))
	kill()

	content := bigBuildLog(3)
	after, err := c.Compress(ctx, wire.CompressRequest{Content: content, Tool: "Bash"})
	if err != nil {
		t.Fatalf("compress with Redis down: %v, want 200 lossless or pass-through", err)
	}
	// Lossless folds say so; a pass-through is the input itself.
	if after.CCRID != "" || !(after.Lossless || after.Text == content) {
		t.Errorf("compress with Redis down: strategy %q lossless=%v id %q, want lossless or pass-through with no id", after.Strategy, after.Lossless, after.CCRID)
	}
	_, err = c.Retrieve(ctx, res.CCRID)
	wantAPIError(t, err, 503, "store_unavailable")
	wantAPIError(t, c.Ready(ctx), 503, "not_ready")
	if err := c.Health(ctx); err != nil {
		t.Errorf("healthz with Redis down: %v", err)
	}
}

func TestE2EKill9Durability(t *testing.T) {
	kompressBin(t)
	dbURL := "bolt:" + filepath.Join(t.TempDir(), "ccr.db")
	p := startServe(t, nil, "--store", dbURL)
	var contents []string
	var ids []string
	for i := range 3 {
		content := bigBuildLog(10 + i)
		res := compressLossy(t, p.client(""), content)
		contents, ids = append(contents, content), append(ids, res.CCRID)
	}
	// SIGKILL right after the last acknowledged response.
	p.kill9()

	q := startServe(t, nil, "--store", dbURL)
	for i, id := range ids {
		got, err := q.client("").Retrieve(context.Background(), id)
		if err != nil {
			t.Fatalf("retrieve %s after kill -9: %v", id, err)
		}
		if string(got) != contents[i] {
			t.Errorf("retrieve %s after kill -9: %d bytes, want the original %d", id, len(got), len(contents[i]))
		}
	}
}
