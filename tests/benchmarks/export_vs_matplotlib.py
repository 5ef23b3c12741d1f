#!/usr/bin/env python3
"""Whole-process export timing: `roofline export` vs a matplotlib script drawing the same figure
(roof, ridge, points coloured by regime, the 50 slowest kernels named with their regime and
headroom) from the same CSV, at N = 100, 10^4, 10^5 kernels.
Medians of repeated runs; prints the ratio per N. Run by `make bench`."""
import os, random, statistics, subprocess, sys, tempfile, time, shutil

ROOFLINE = sys.argv[1] if len(sys.argv) > 1 else "build/bin/roofline"
REPEAT = int(os.environ.get("BENCH_REPEAT", "5"))
PEAK, BW = 989.4e12, 3.35e12

MPL_SCRIPT = r'''
import csv, sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
peak, bw = 989.4e12, 3.35e12
ridge = peak / bw
rows = []
with open(sys.argv[1]) as f:
    for row in csv.DictReader(f):
        fl, b, t = float(row["flops"]), float(row["bytes"]), float(row["time_s"])
        rows.append((row["name"], fl / b, fl / t, t))
xs = [r[1] for r in rows]; ys = [r[2] for r in rows]
cs = ["tab:blue" if i < ridge else "tab:orange" for i in xs]
fig, ax = plt.subplots(figsize=(10, 6.5), dpi=144)
ax.set_xscale("log"); ax.set_yscale("log")
x = [0.1, ridge, 1e4]
ax.plot(x, [min(peak, v * bw) for v in x], color="k", lw=2.5, label="roof")
ax.axvline(ridge, ls="--", color="gray", label="ridge %.0f FLOP/byte" % ridge)
ax.scatter(xs, ys, c=cs, s=30)
# As our figure does: the 50 kernels that take the most time named, with regime and headroom
# (placed at a fixed offset: matplotlib does not move a label off another).
for name, i, y, t in sorted(rows, key=lambda r: -r[3])[:50]:
    regime = "memory-bound" if i < ridge else "compute-bound"
    ax.annotate("%s\n%s \u00b7 %.2gx below roof" % (name, regime, min(peak, i * bw) / y), (i, y),
                xytext=(6, 4), textcoords="offset points", fontsize=8)
ax.set_xlabel("Arithmetic intensity (FLOP/byte)"); ax.set_ylabel("FLOP/s")
ax.set_title("H100 SXM5 BF16"); ax.legend()
fig.savefig(sys.argv[2])
'''

def make_csv(path, n):
    rnd = random.Random(n)
    with open(path, "w") as f:
        f.write("name,flops,bytes,time_s\n")
        for k in range(n):
            i = 10 ** rnd.gauss(1.2, 0.9)
            b = 10 ** rnd.uniform(6, 10)
            fl = i * b
            t = fl / (min(PEAK, i * BW) * rnd.uniform(0.05, 0.95))
            f.write(f"k{k},{fl:.6g},{b:.6g},{t:.6g}\n")

def median_time(cmd):
    # One run first, not counted (as hyperfine's --warmup): the first runs after the machine
    # has been idle, or busy with the other program, are slower for either program.
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)

def main():
    # Asked in a child process: importing matplotlib (and numpy) here would make this process
    # ~100 MB larger, and every process it starts, ours and matplotlib's alike, ~1 ms slower to
    # start (docs/performance.md). A shell or a build script starting `roofline` is small.
    have_mpl = subprocess.run([sys.executable, "-c", "import matplotlib"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode == 0
    if not have_mpl:
        print("matplotlib not installed (apt-get install python3-matplotlib): roofline timings only")
    tmp = tempfile.mkdtemp(prefix="roofline-bench-")
    mpl = os.path.join(tmp, "mpl.py")
    open(mpl, "w").write(MPL_SCRIPT)
    print(f"{'N':>7} {'fmt':>4} {'roofline s':>11} {'matplotlib s':>13} {'ratio':>7} {'size KB':>8}")
    for n in (100, 10_000, 100_000):
        data = os.path.join(tmp, f"k{n}.csv")
        make_csv(data, n)
        for fmt in ("png", "svg"):
            out = os.path.join(tmp, f"r{n}.{fmt}")
            r = median_time([ROOFLINE, "export", data, "--hw", "h100-sxm5", "--precision", "bf16", "-o", out])
            size = os.path.getsize(out) / 1024
            if have_mpl:
                m = median_time([sys.executable, mpl, data, os.path.join(tmp, f"m{n}.{fmt}")])
                verdict = "met" if m / r >= 10 else "MISSED"
                print(f"{n:>7} {fmt:>4} {r:>11.3f} {m:>13.3f} {m / r:>6.1f}x {size:>8.0f}  target >= 10x: {verdict}")
            else:
                print(f"{n:>7} {fmt:>4} {r:>11.3f} {'-':>13} {'-':>7} {size:>8.0f}")
    shutil.rmtree(tmp)

if __name__ == "__main__":
    main()
