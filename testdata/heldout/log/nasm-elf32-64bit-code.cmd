cd /tmp/qa2/nasm2 && for f in memcpy.asm crc.asm cpuid.asm; do nasm -f elf32 -Wall -o ${f%.asm}.o $f || echo "FAILED: $f"; done 2>&1
# exit status: 0
# NASM 2.16 assembling 64-bit code (rbp, r8d, xmm8, rdi, 64-bit imm) with -f elf32; crc.asm trips its own %error check,
# movq mm0 from a 32-bit register and ret 70000
