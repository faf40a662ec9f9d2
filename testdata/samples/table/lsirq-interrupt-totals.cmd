lsirq 2>&1
# exit status: 0
# util-linux 2.38.1 lsirq on a 2-vCPU virtio VM: 36 IRQ rows (LOC/CAL/TLB/RES, virtio MSI-X queues, zero-count vectors)
