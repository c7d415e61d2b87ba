"""Download a sample of SV-COMP's Linux driver tasks (LDV, unreach-call) for measuring the
front ends on kernel code (inline assembly, issue 36).

    python scripts/fetch_ldv_tasks.py DIR [--commit SHA] [--list]

Each task is a `.yml` of sosy-lab/sv-benchmarks at a pinned commit, fetched from
raw.githubusercontent.com with its input file(s) and the property files it names, into DIR
under the repository's own layout (DIR/c/<folder>/..., DIR/c/properties/unreach-call.prp),
so the task's relative paths work as they are (scripts/sv_benchmarks.py); then

    pycorral svcomp DIR/c/<folder>/<task>.yml --timeout 60

The sample: preprocessed kernel modules with the LDV environment model, both verdicts,
mostly under 10,000 lines, from ldv-linux-3.0, -3.4-simple, -3.7.3, -3.16-rc1 and
ldv-commit-tester.  The files are public benchmarks: keep them out of the repository.
Nothing is downloaded twice (an existing file is kept); a download that fails is reported
and the others go on (exit status 1 if any failed).
"""
from __future__ import annotations

import sys

import sv_benchmarks                      # scripts/sv_benchmarks.py: download and layout
from sv_benchmarks import Pin

COMMIT = "324862672b46f79db609bfb0748a41e85af0fdfc"

_S34 = "c/ldv-linux-3.4-simple/32_1_cilled_ok_nondet_linux-3.4-32_1-drivers--{}.ko-" \
       "ldv_main0_sequence_infinite_withcheck_stateful.cil.out.yml"
TASKS = (
    # measured in the inline-asm work (copies of these from other public repositories)
    _S34.format("firmware--google--memconsole"),
    _S34.format("char--tpm--tpm_nsc"),
    _S34.format("cpufreq--pcc-cpufreq"),
    _S34.format("net--phy--spi_ks8995"),
    "c/ldv-linux-3.0/usb_urb-drivers-misc-c2port-core.ko.cil.out.yml",
    "c/ldv-linux-3.0/usb_urb-drivers-usb-serial-whiteheat.ko.cil.out.yml",
    "c/ldv-linux-3.16-rc1/205_9a_array_unsafes_linux-3.16-rc1.tar.xz-205_9a-drivers--net--"
    "wan--hdlc_x25.ko-entry_point.cil.out.yml",
    "c/ldv-linux-3.16-rc1/43_2a_bitvector_linux-3.16-rc1.tar.xz-43_2a-drivers--usb--host--"
    "max3421-hcd.ko-entry_point.cil.out.yml",
    "c/ldv-commit-tester/m0_drivers-hwmon-s3c-hwmon-ko--130_7a--af3071a.yml",
    "c/ldv-commit-tester/m0_drivers-media-video-cx88-cx8802-ko--32_7a--d47b389.yml",
    "c/ldv-commit-tester/m0_drivers-block-virtio_blk-ko--101_1a--39a1d13-1.yml",
    "c/ldv-linux-3.7.3/main1_drivers-vhost-vhost_net-ko--32_7a--linux-3.7.3.yml",
    # more of the same sets (both verdicts); the next seven are in the 20-task measurement of
    # issue 36 (with the twelve above and SeaHorn's copy of an LDV rapidio task, whose
    # sv-benchmarks name is not known), the rest are not yet measured
    _S34.format("hid--hid-cherry"),
    _S34.format("hid--hid-ezkey"),
    _S34.format("block--paride--aten"),
    _S34.format("gpio--gpio-74x164"),
    "c/ldv-commit-tester/m0_drivers-hwmon-ibmpex-ko--130_7a--d631323.yml",
    "c/ldv-commit-tester/m0_drivers-hwmon-s3c-hwmon-ko--130_7a--af3071a-1.yml",
    "c/ldv-commit-tester/m0_drivers-staging-comedi-drivers-ni_6527-ko--107_1a--adbbc36-1.yml",
    "c/ldv-commit-tester/m0_drivers-media-radio-si4713-i2c-ko--111_1a--064368f.yml",
    "c/ldv-commit-tester/m0_drivers-media-radio-si4713-i2c-ko--111_1a--064368f-1.yml",
    "c/ldv-commit-tester/m0_drivers-net-slip-ko--108_1a--1b0b0ac.yml",
    "c/ldv-commit-tester/m0_drivers-net-slip-ko--108_1a--1b0b0ac-1.yml",
    "c/ldv-commit-tester/m0_sound-oss-opl3-ko--111_1a--42f9f8d.yml",
    "c/ldv-commit-tester/m0_sound-oss-opl3-ko--111_1a--42f9f8d-1.yml",
    "c/ldv-commit-tester/m0_drivers-staging-comedi-drivers-ni_6527-ko--107_1a--adbbc36.yml",
)


def main(argv: list[str] | None = None) -> int:
    return sv_benchmarks.main(argv, __doc__.split("\n\n")[0],
                              (Pin(t, COMMIT) for t in TASKS), f"default {COMMIT}")


if __name__ == "__main__":
    sys.exit(main())
