package storetest_test

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/store/storetest"
)

func TestStartRedis(t *testing.T) {
	url, kill := storetest.StartRedis(t)
	s := storetest.Open(t, url, store.Options{})
	ctx := context.Background()
	if err := s.Ping(ctx); err != nil {
		t.Fatalf("Ping fresh redis: %v", err)
	}
	kill()
	kill() // idempotent, and Cleanup calls it again
	if err := s.Ping(ctx); err == nil {
		t.Fatal("Ping after kill succeeded")
	}
}

// TestStartRedisMissing hides redis-server: a skip by default, a failure
// that names the package under KOMPRESS_REQUIRE_REDIS=1.
func TestStartRedisMissing(t *testing.T) {
	if os.Getenv("STORETEST_CHILD") == "1" {
		t.Setenv("PATH", t.TempDir())
		storetest.StartRedis(t)
		return
	}
	run := func(require string) (string, error) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestStartRedisMissing$", "-test.v")
		cmd.Env = append(os.Environ(), "STORETEST_CHILD=1", storetest.RequireRedisEnv+"="+require)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	out, err := run("")
	if err != nil || !strings.Contains(out, "--- SKIP") || !strings.Contains(out, "apt-get install -y redis-server") {
		t.Errorf("without redis-server: err %v, output:\n%s\nwant a skip naming the package", err, out)
	}
	out, err = run("1")
	if err == nil || !strings.Contains(out, "--- FAIL") || !strings.Contains(out, "KOMPRESS_REQUIRE_REDIS=1 requires it") {
		t.Errorf("without redis-server, required: err %v, output:\n%s\nwant a failure", err, out)
	}
}

func TestMemoryAndBolt(t *testing.T) {
	ctx := context.Background()
	for name, s := range map[string]store.Store{"memory": storetest.Memory(t), "bolt": storetest.Bolt(t)} {
		id, err := s.Put(ctx, "", []byte("x"))
		if err != nil {
			t.Fatalf("%s Put: %v", name, err)
		}
		if got, err := s.Get(ctx, "", id); err != nil || string(got) != "x" {
			t.Fatalf("%s Get = %q, %v", name, got, err)
		}
	}
}
