package server

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// The process_* families the Prometheus client's process collector
// exposed, read from /proc/self at each scrape. A file that cannot be read
// leaves its families out rather than failing the scrape.

// userHZ is the kernel's clock tick for /proc times: fixed at 100 for
// user space on every architecture Linux runs Go on.
const userHZ = 100

func readProcess() []snapshot {
	var out []snapshot
	if st, ok := readProcStat(); ok {
		out = append(out,
			counter("process_cpu_seconds_total", "Total user and system CPU time spent in seconds.", st.cpu),
			gauge("process_resident_memory_bytes", "Resident memory size in bytes.", st.rss),
			gauge("process_virtual_memory_bytes", "Virtual memory size in bytes.", st.vsize))
		if boot, ok := bootTime(); ok {
			out = append(out, gauge("process_start_time_seconds", "Start time of the process since unix epoch in seconds.", boot+st.start))
		}
	}
	if n, ok := openFDs(); ok {
		out = append(out, gauge("process_open_fds", "Number of open file descriptors.", float64(n)))
	}
	var lim syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim) == nil {
		out = append(out, gauge("process_max_fds", "Maximum number of open file descriptors.", float64(lim.Cur)))
	}
	if syscall.Getrlimit(syscall.RLIMIT_AS, &lim) == nil {
		out = append(out, gauge("process_virtual_memory_max_bytes", "Maximum amount of virtual memory available in bytes.", float64(lim.Cur)))
	}
	if in, outB, ok := readNetstat(); ok {
		out = append(out,
			counter("process_network_receive_bytes_total", "Number of bytes received by the process over the network.", in),
			counter("process_network_transmit_bytes_total", "Number of bytes sent by the process over the network.", outB))
	}
	return out
}

// openFDs counts the process's open descriptors: Linux 6.2 and later
// give the count as the size of /proc/self/fd; before, its listing is
// counted, less the descriptor that reads it.
func openFDs() (int, bool) {
	if fi, err := os.Stat("/proc/self/fd"); err == nil && fi.Size() > 0 {
		return int(fi.Size()), true
	}
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil || len(fds) == 0 {
		return 0, false
	}
	return len(fds) - 1, true
}

type procStat struct {
	cpu, rss, vsize, start float64 // seconds, bytes, bytes, seconds after boot
}

// readProcStat reads /proc/self/stat (proc(5)): the fields after the
// command name, which may hold spaces and parentheses, so it is cut at the
// last ')'.
func readProcStat() (procStat, bool) {
	b, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return procStat{}, false
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return procStat{}, false
	}
	// f[0] is field 3 (state): utime is field 14, stime 15, starttime
	// 22, vsize 23, rss 24.
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 22 {
		return procStat{}, false
	}
	num := func(field int) float64 {
		n, _ := strconv.ParseUint(f[field-3], 10, 64)
		return float64(n)
	}
	return procStat{
		cpu:   (num(14) + num(15)) / userHZ,
		start: num(22) / userHZ,
		vsize: num(23),
		rss:   num(24) * float64(os.Getpagesize()),
	}, true
}

// bootTime is the btime line of /proc/stat, seconds since 1970.
func bootTime() (float64, bool) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, false
	}
	for line := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(line, "btime "); ok {
			n, err := strconv.ParseUint(strings.TrimSpace(v), 10, 64)
			return float64(n), err == nil
		}
	}
	return 0, false
}

// readNetstat returns InOctets and OutOctets of the IpExt lines of
// /proc/self/net/netstat: a line of names, then one of values.
func readNetstat() (in, out float64, ok bool) {
	b, err := os.ReadFile("/proc/self/net/netstat")
	if err != nil {
		return 0, 0, false
	}
	var names []string
	for line := range strings.Lines(string(b)) {
		rest, isIP := strings.CutPrefix(line, "IpExt:")
		if !isIP {
			continue
		}
		if names == nil {
			names = strings.Fields(rest)
			continue
		}
		for i, v := range strings.Fields(rest) {
			if i >= len(names) {
				break
			}
			n, _ := strconv.ParseFloat(v, 64)
			switch names[i] {
			case "InOctets":
				in, ok = n, true
			case "OutOctets":
				out = n
			}
		}
		return in, out, ok
	}
	return 0, 0, false
}
