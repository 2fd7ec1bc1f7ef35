#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Derives, from a build's compiled objects, how many bytes of its work stack
each work function of the public API can write, per curve (src/workstack.h),
and writes them as the table the library wipes by (ws_bounds).

Run by the build (CMakeLists.txt) after the library's objects are compiled:
  stack_bounds.py --objdump OBJDUMP --src ROOT --out stack_bounds.c
                  [--report stack_bounds.txt] OBJECT...
Every object was compiled with -fstack-usage (its .su file beside it).

The bound of a function is its frame (the .su figure, plus FRAME_SLACK for
the return address and stack realignment) plus the largest bound among
what it calls:
  - direct calls and tail jumps, read from the disassembly's relocations
    (objdump -dr), to functions of the analysed objects;
  - calls to functions outside them (libc, the sanitizers' runtimes), each
    with a stated allowance (EXTERNAL below); an unknown one is an error;
  - indirect calls (through a function pointer). Every call through a table
    of functions (ec_ops, ec_lanes, hash_desc: STRUCTS below) is made by a
    function named after the table's type and slot (ec_ops_mul_x, ...), and
    reaches the functions that the tables of that type hold in that slot,
    in the objects of the curve the call is for (its field's or prime's
    instance and lane objects) and in the objects shared by every curve
    (the tables' relocations say which). The few other indirect calls are
    listed in KNOWN_INDIRECT; any other reachable one is an error.
A cycle in that graph is an error (the library has no recursion). The
bound of a work function on a curve is its bound with the indirect calls so
resolved, plus ABI_SLACK (the x86-64 red zone of the deepest leaf); the
last row of the table, for calls whose curve is not known, is the largest
over every curve. The area's size is the largest bound, the reserve above
the starting stack pointer, and SIGNAL_ROOM for a signal handler's frame.
"""
import argparse
import os
import re
import subprocess
import sys
from collections import defaultdict

FRAME_SLACK = 64
ABI_SLACK = 128
SIGNAL_ROOM = 64 * 1024
# the largest lazy-binding frame the area must hold below an external call
# (the run-time figure is workstack.c's ws_lazy_room; this covers an XSAVE
# area of AVX-512 with AMX state)
LAZY_ROOM = 16 * 1024
WS_TOP_RESERVE = 256  # src/workstack.h

# Functions outside the analysed objects, with the stack each may use
# below its caller's frame. The C library's memory, string and system-call
# wrappers are small leaf routines (glibc's largest here, getenv, about a
# hundred bytes); fprintf (cpu.c's warning about FASTEC_CPU) goes through
# vfprintf, whose frames glibc keeps under 8 KB. The sanitizers' runtime
# entries are given 16 KB: their fast paths are small, and their slow paths
# end the process with a report.
LIBC_SMALL = 1024
EXTERNAL = {}
for f in ('memset', 'memcpy', 'memmove', 'memcmp', 'strlen', 'strcmp', 'strncmp', 'strchr', 'strrchr', 'strstr',
          'strspn', 'strcspn', 'strnlen', 'getrandom', 'getenv', 'secure_getenv', 'sysconf', 'getauxval',
          '__errno_location', '__tls_get_addr', '__memcpy_chk', '__memset_chk', '__memmove_chk', 'mmap', 'munmap',
          'mprotect', 'read', 'open', 'close', '__open_2', 'syscall', 'bcmp', '__stack_chk_fail', 'abort',
          '__assert_fail', '__udivti3', '__umodti3', '__divti3', '__modti3', '__popcountdi2', 'sched_yield',
          '__sched_cpucount', '_GLOBAL_OFFSET_TABLE_'):
    EXTERNAL[f] = LIBC_SMALL
for f in ('fprintf', '__fprintf_chk', 'fputs', 'fwrite', 'fputc', 'putc', 'vfprintf', '__vfprintf_chk'):
    EXTERNAL[f] = 8192
# the compiler's runtime helpers: arm64's out-of-line atomics (libgcc), leaves
HELPER_PREFIXES = ('__aarch64_', '__atomic_', '__sync_')
SANITIZER_PREFIXES = ('__asan_', '__ubsan_', '__tsan_', '__sanitizer_', '__msan_', '__lsan_')
SANITIZER_ALLOWANCE = 16 * 1024

# The tables of functions: the type, the header that defines it, and the
# names of its tables (data objects). Every field is 8 bytes (pointers and
# size_t on the 64-bit targets), so slot i is at offset 8 i.
STRUCTS = [('ec_ops', 'src/ec_ops.h', r'^ec[p2]_ops_'),
           ('ec_lanes', 'src/ecp/ecp_lanes.h', r'^ec[p2]_lanes_'),
           ('hash_desc', 'src/hash/hash.h', r'^hash_sha')]

# Other functions with an indirect call, and what it reaches: ct_wipe calls
# memset through a constant volatile pointer (so that the compiler keeps the
# call); the SHA padding and buffering (src/hash/hmac.c) call the block
# function they are given, one of the SHA block functions; key generation
# calls its random source, the library's proto_os_random (the tests give
# their own, outside any work). Patterns over the functions whose address
# is taken.
KNOWN_INDIRECT = {
    'ct_wipe': ('external', 'memset'),
    'md_update': ('taken', r'^sha\d+_block(_ni)?$'),
    'md_pad': ('taken', r'^sha\d+_block(_ni)?$'),
    'proto_keygen_with': ('taken', r'^proto_os_random$'),
}

# assembly functions (no .su entry): leaves that touch no stack
ASM_LEAVES = {'cpu_clear_avx512', 'cpu_clear_avx', 'cpu_clear_sse', 'cpu_clear_neon', 'ws_switch'}

# instructions, per architecture: calls, jumps (a jump to another function
# is a tail call), returns that look like indirect jumps (s390x's branch to
# r14), and the addend of a call's relocation against its target
ARCH = {
    'x86-64': dict(call=re.compile(r'^(call|callq)$'), jump=re.compile(r'^(jmp|jmpq|j[a-z]{1,3})$'),
                   ret=lambda m, ops: False, pc_adj=4),
    'aarch64': dict(call=re.compile(r'^(bl|blr|blraa|blrab|blraaz|blrabz)$'),
                    jump=re.compile(r'^(b|b\.[a-z]+|br|braa|brab|braaz|brabz|cbz|cbnz|tbz|tbnz)$'),
                    ret=lambda m, ops: False, pc_adj=0),
    's390': dict(call=re.compile(r'^(brasl|bras|basr|bas|balr)$'),
                 jump=re.compile(r'^(jg[a-z]*|j[a-z]*|brcl|brc|br|bcr|b[a-z]*r)$'),
                 ret=lambda m, ops: ops.split(',')[-1].strip() == '%r14' and m.endswith('r'), pc_adj=2),
}


def arch_of(fmt):
    if 'x86-64' in fmt:
        return 'x86-64'
    if 'aarch64' in fmt or 'littleaarch64' in fmt:
        return 'aarch64'
    if 's390' in fmt:
        return 's390'
    raise SystemExit('stack_bounds: unknown object format %r' % fmt)


def is_indirect(arch, mnem, ops):
    if arch == 'x86-64':
        return ops.startswith('*')
    if arch == 'aarch64':
        return mnem in ('blr', 'br') or mnem.startswith(('blra', 'bra'))
    # s390: register forms (basr %r14,%r1; br %r1; bcr 15,%r1)
    return mnem in ('basr', 'balr', 'br', 'bcr') or (mnem.startswith('b') and mnem.endswith('r') and '%r' in ops)


def run(cmd):
    return subprocess.run(cmd, check=True, stdout=subprocess.PIPE, universal_newlines=True).stdout


SYM_RE = re.compile(r'^([0-9a-f]+)\s(.{7})\s(\S+)\s+([0-9a-f]+)\s+(?:\.hidden\s+|\.protected\s+|\.internal\s+)?(\S+)$')
FUNC_RE = re.compile(r'^([0-9a-f]+) <(.+)>:$')
INSN_RE = re.compile(r'^\s+([0-9a-f]+):\s+(\S.*)$')
RELOC_RE = re.compile(r'^\s+([0-9a-f]+): (R_\S+)\s+(\S+)$')
ADDEND_RE = re.compile(r'^(.*?)([+-]0x[0-9a-f]+)?$')
PREFIXES = {'notrack', 'bnd', 'rex', 'rex.W', 'data16', 'cs', 'ds', 'lock', 'rep', 'repz', 'repnz'}


class Obj:
    def __init__(self, path, group):
        self.path, self.group = path, group
        self.funcs = {}          # name -> (section, value, size, is_global)
        self.by_section = defaultdict(list)
        self.defined = set()     # every defined symbol name
        self.data_objects = {}   # data symbol -> (section, size)
        self.su = {}             # .su key -> bytes
        self.calls = defaultdict(set)     # func -> {target key}
        self.indirect = set()             # funcs with an indirect call or jump
        self.addr_taken = set()           # target keys
        self.data_relocs = []             # (section, offset, target key)


def su_key(name):
    return re.sub(r'\.\d+', '', name)


def load(path, group, objdump):
    o = Obj(path, group)
    syms = run([objdump, '-t', path])
    for line in syms.splitlines():
        m = SYM_RE.match(line)
        if not m:
            continue
        value, flags, sec, size, name = m.groups()
        if sec == '*UND*':
            continue
        o.defined.add(name)
        if flags[6] == 'O':
            o.data_objects[name] = (sec, int(size, 16))
        if flags[6] == 'F':
            o.funcs[name] = (sec, int(value, 16), int(size, 16), flags[0] == 'g')
            o.by_section[sec].append(name)
    su_path = re.sub(r'\.o(bj)?$', '', path) + '.su'
    if not os.path.exists(su_path):
        if o.funcs:  # (clang writes none for an object without functions)
            raise SystemExit('stack_bounds: %s has no .su file (compiled without -fstack-usage?)' % path)
        return o
    for line in open(su_path):
        parts = line.rstrip('\n').split('\t')
        if len(parts) < 3:
            continue
        name = parts[0].rsplit(':', 1)[-1]
        size = int(parts[1])
        if parts[2].strip() == 'dynamic':  # 'static' and 'dynamic,bounded' give the bound
            raise SystemExit('stack_bounds: %s: the frame of %s has no bound (dynamic allocation)' % (su_path, name))
        k = su_key(name)
        o.su[k] = max(o.su.get(k, 0), size)
    return o


def resolve(o, sym, addend, pc_adj):
    """the function a relocation names: a key ('l', obj path, name) or ('g', name), or None"""
    if sym in o.funcs:
        sec, _, _, glob = o.funcs[sym]
        return ('g', sym) if glob else ('l', o.path, sym)
    if sym in o.by_section or sym.startswith('.text'):
        cands = o.by_section.get(sym, [])
        if not cands:
            return None
        if len(cands) > 1:
            off = addend + pc_adj
            hit = [f for f in cands if o.funcs[f][1] <= off < o.funcs[f][1] + max(o.funcs[f][2], 1)]
            cands = hit or cands
        f = cands[0]
        return ('g', f) if o.funcs[f][3] else ('l', o.path, f)
    if sym in o.defined:
        return None  # a data object
    return ('g', sym)  # defined elsewhere (another object, or external)


def parse_code(o, objdump, arch):
    spec = ARCH[arch]
    text = run([objdump, '-dr', '--no-show-raw-insn', o.path])
    cur = None
    insns = []  # (func, mnem, ops, [relocs])
    for line in text.splitlines():
        m = FUNC_RE.match(line)
        if m:
            cur = m.group(2)
            continue
        m = RELOC_RE.match(line)
        if m and insns:
            insns[-1][3].append((m.group(2), m.group(3)))
            continue
        m = INSN_RE.match(line)
        if m and cur is not None:
            toks = m.group(2).split(None, 1)
            while toks and toks[0] in PREFIXES and len(toks) > 1:
                toks = toks[1].split(None, 1)
            mnem = toks[0] if toks else ''
            ops = toks[1].split('#')[0].strip() if len(toks) > 1 else ''
            insns.append((cur, mnem, ops, []))
    code_relocs = set()
    for func, mnem, ops, relocs in insns:
        is_call = bool(spec['call'].match(mnem))
        is_jump = bool(spec['jump'].match(mnem))
        if spec['ret'](mnem, ops):
            continue
        branch = is_call or is_jump
        for rtype, rsym in relocs:
            sym, add = ADDEND_RE.match(rsym).groups()
            addend = int(add, 16) if add else 0
            key = resolve(o, sym, addend, spec['pc_adj'] if branch else 0)
            if key is None:
                continue
            if branch and not ('GOT' in rtype and not ops.startswith('*')):
                if key[-1] != func:
                    o.calls[func].add(key)
            else:
                o.addr_taken.add(key)
        if branch and not relocs and is_indirect(arch, mnem, ops):
            o.indirect.add(func)
        code_relocs.add(func)
    # relocations in data sections: function pointers in tables
    cur_sec = None
    for line in run([objdump, '-r', o.path]).splitlines():
        m = re.match(r'^RELOCATION RECORDS FOR \[(.+)\]:', line)
        if m:
            cur_sec = m.group(1)
            continue
        if cur_sec is None or cur_sec.startswith(('.text', '.rela.text', '.eh_frame', '.debug', '.rela.debug')):
            continue
        parts = line.split()
        if len(parts) != 3 or not re.match(r'^[0-9a-f]+$', parts[0]):
            continue
        sym, add = ADDEND_RE.match(parts[2]).groups()
        addend = int(add, 16) if add else 0
        key = resolve(o, sym, addend, 0)
        if key is not None:
            o.addr_taken.add(key)
            o.data_relocs.append((cur_sec, int(parts[0], 16), key))


def struct_slots(src, name, header, functions_only=False):
    """the field names of `typedef struct name {...}`, in order (its
    function pointers only, with functions_only)"""
    text = open(os.path.join(src, header)).read()
    text = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
    m = re.search(r'typedef struct %s \{(.*?)\}' % name, text, re.S)
    if not m:
        raise SystemExit('stack_bounds: no struct %s in %s' % (name, header))
    slots = []
    for decl in m.group(1).split(';'):
        decl = ' '.join(decl.split())
        if not decl:
            continue
        f = re.search(r'\(\*(\w+)\)\s*\(', decl)
        if f:
            slots.append(f.group(1))
            continue
        if functions_only:
            continue
        t = re.match(r'^(?:const )?(?:char|size_t|void) (.*)$', decl)
        if not t or ('*' not in decl and 'size_t' not in decl):
            raise SystemExit('stack_bounds: %s: field "%s" is not 8 bytes' % (name, decl))
        slots += [v.strip().lstrip('*').strip() for v in t.group(1).split(',')]
    return slots


def defines_table(src, o, sname):
    """whether the source an object is compiled from defines a table of
    type sname (CMake names an object after its source: x.dir/src/f.c.o)"""
    m = re.search(r'\.dir/(.+)\.o$', o.path)
    path = os.path.join(src, m.group(1)) if m else ''
    if not os.path.isfile(path):
        return False
    return re.search(r'^const (?:struct )?%s \w[^;]*=\s*\{' % sname, open(path).read(), re.M) is not None


def table_slots(objs, src):
    """per object, {(struct, slot): {target key}} from its tables' relocations"""
    for o in objs:
        o.slot_targets = defaultdict(set)
    for sname, header, rx in STRUCTS:
        slots = struct_slots(src, sname, header)
        for o in objs:
            tables = {}
            n = 8 * len(slots)
            # clang's AddressSanitizer gives a global a red zone of at least
            # 32 bytes, the whole a multiple of 32, in its symbol's size
            padded = n + 32 + (32 - n % 32) % 32
            for name, (sec, size) in o.data_objects.items():
                if re.match(rx, name) and size in (n, padded):
                    tables[sec] = name
            for sec, off, key in o.data_relocs:
                if sec in tables and off % 8 == 0 and off // 8 < len(slots):
                    o.slot_targets[(sname, slots[off // 8])].add(key)
        # a type whose tables this build compiles (the lanes are x86-64's
        # only) has every function slot filled in some table: a slot left
        # empty everywhere means its tables went unrecognised
        if not any(defines_table(src, o, sname) for o in objs):
            continue
        for slot in struct_slots(src, sname, header, functions_only=True):
            if not any(o.slot_targets.get((sname, slot)) for o in objs):
                raise SystemExit('stack_bounds: no %s table fills its slot %s (tables not recognised)' % (sname, slot))


def objdump_format(objdump, path):
    for line in run([objdump, '-f', path]).splitlines():
        m = re.search(r'file format (\S+)', line)
        if m:
            return m.group(1)
    return ''


def entries(src):
    text = open(os.path.join(src, 'src', 'workstack.h')).read()
    block = text[text.index('#define WS_ENTRIES(X)'):]
    block = block[:block.index('\n\n')]
    return re.findall(r'X\((\w+)\)', block)


def curves(src):
    sys.path.insert(0, os.path.join(src, 'tools'))
    import gen_curves  # noqa: E402
    out = [(c[0], 'gf%d' % c[1]) for c in gen_curves.BINARY] + [(c[0], c[0]) for c in gen_curves.PRIME]
    return out


def group_of(path, groups):
    """(kind, group): kind 'core', 'inst' (a curve's instance objects) or
    'lanes', from the object's CMake target (CMakeLists.txt names them:
    ec2_gf<m>_<backend>, ec2z_gf<m>_<backend>, ec2_tnaf_recode_gf<m>,
    ecp_<curve>_<backend>, <curve or gf<m>>_lanes)"""
    m = re.search(r'CMakeFiles/([^/]+)\.dir/', path)
    t = m.group(1) if m else ''
    for g in sorted(groups, key=len, reverse=True):
        if t == g + '_lanes':
            return ('lanes', g)
        if t.startswith(('ec2_%s_' % g, 'ec2z_%s_' % g, 'ecp_%s_' % g)) or t == 'ec2_tnaf_recode_' + g:
            return ('inst', g)
    return ('core', None)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--objdump', default='objdump')
    ap.add_argument('--src', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--report')
    ap.add_argument('objects', nargs='+')
    a = ap.parse_args()
    paths = []
    for p in a.objects:
        if p.startswith('@'):
            paths += [x for x in open(p[1:]).read().split() if x]
        else:
            paths += [x for x in p.split(';') if x]
    paths = sorted(set(paths))
    if not run([a.objdump, '--version']).startswith('GNU objdump'):
        raise SystemExit('stack_bounds: %s is not GNU objdump, whose output this reads' % a.objdump)
    arch = arch_of(objdump_format(a.objdump, paths[0]))
    cl = curves(a.src)
    groups = {g for _, g in cl}
    objs = []
    for p in paths:
        o = load(p, group_of(p, groups), a.objdump)
        parse_code(o, a.objdump, arch)
        objs.append(o)

    # every function: key -> (obj, name); globals may be defined by several
    # objects (variants of one source): each definition is a node
    defs = defaultdict(list)
    for o in objs:
        for name, (sec, _, _, glob) in o.funcs.items():
            defs[('g', name) if glob else ('l', o.path, name)].append(o)

    def frame(o, name):
        k = su_key(name)
        if k in o.su:
            return o.su[k] + FRAME_SLACK
        if name.endswith('.cold') or '.cold.' in name:
            return 0  # runs in its parent's frame
        if name in ASM_LEAVES:
            return 0
        raise SystemExit('stack_bounds: %s in %s has no stack usage entry' % (name, o.path))

    table_slots(objs, a.src)
    wrappers = {}
    for sname, header, _ in STRUCTS:
        for slot in struct_slots(a.src, sname, header):
            wrappers['%s_%s' % (sname, slot)] = (sname, slot)

    def context(group):
        return [o for o in objs if o.group[0] == 'core' or o.group[1] == group]

    def bound_for(root_key, group):
        """(the bound, the depth of the deepest call into an external, the deepest path)"""
        ctx = context(group)
        taken = set()
        for o in ctx:
            taken |= o.addr_taken
        memo, path_of = {}, {}
        active, stack = set(), []

        def depth(key):
            """(bytes the call of key can use, the deepest stack offset at which it calls an external, or -1)"""
            if key in memo:
                return memo[key]
            if key in active:
                raise SystemExit('stack_bounds: a cycle: %s' % ' > '.join(k[-1] for k in stack + [key]))
            if key[-1] == 'ws_run':
                raise SystemExit('stack_bounds: a work function calls ws_run: %s' % ' > '.join(k[-1] for k in stack))
            if key not in defs:
                name = key[-1]
                if name in EXTERNAL:
                    memo[key], path_of[key] = (EXTERNAL[name], 0), [name + ' (external)']
                    return memo[key]
                if name.startswith(HELPER_PREFIXES):
                    memo[key], path_of[key] = (LIBC_SMALL, 0), [name + ' (compiler runtime)']
                    return memo[key]
                if name.startswith(SANITIZER_PREFIXES):
                    memo[key], path_of[key] = (SANITIZER_ALLOWANCE, 0), [name + ' (sanitizer runtime)']
                    return memo[key]
                raise SystemExit('stack_bounds: %s is called but not analysed and has no allowance' % name)
            active.add(key)
            stack.append(key)
            best, best_ext, best_path = 0, -1, []
            for o in defs[key]:
                name = key[-1]
                f = frame(o, name)
                sub, sub_ext, sub_path = 0, -1, []
                callees = set(o.calls.get(name, ()))
                base = name.split('.')[0]
                if name in o.indirect:
                    if base in wrappers:
                        for x in ctx:
                            callees |= x.slot_targets.get(wrappers[base], set())
                    elif base in KNOWN_INDIRECT:
                        kind, what = KNOWN_INDIRECT[base]
                        if kind == 'external':
                            callees.add(('g', what))
                        else:
                            callees |= {k for k in taken if k in defs and re.search(what, k[-1])}
                    else:
                        raise SystemExit('stack_bounds: %s (%s) makes an indirect call that no rule resolves: %s'
                                         % (name, o.path, ' > '.join(k[-1] for k in stack)))
                for c in callees:
                    if c == key:
                        continue
                    d, e = depth(c)
                    if d > sub:
                        sub, sub_path = d, path_of[c]
                    sub_ext = max(sub_ext, e)
                if f + sub > best:
                    best, best_path = f + sub, ['%s %d' % (name, f)] + sub_path
                if sub_ext >= 0:
                    best_ext = max(best_ext, f + sub_ext)
            active.discard(key)
            stack.pop()
            memo[key], path_of[key] = (best, best_ext), best_path
            return memo[key]

        d, e = depth(root_key)
        return d + ABI_SLACK, max(e, 0), path_of[root_key]

    ents = entries(a.src)
    # every work function calls into the library: none found means the
    # disassembly was not read as expected
    for e in ents:
        for k in [k for k in defs if k[-1] == 'work_' + e]:
            if not any(o.calls.get(k[-1]) for o in defs[k]):
                raise SystemExit('stack_bounds: work_%s calls nothing in the disassembly: is it GNU objdump\'s?' % e)
    table, ext, report = [], [], []
    for cname, group in cl:
        row, erow = [], []
        for e in ents:
            ks = [k for k in defs if k[-1] == 'work_' + e]
            if not ks:
                raise SystemExit('stack_bounds: no work function work_%s in the objects' % e)
            best, bext, bpath = 0, 0, []
            for k in ks:
                b, x, p = bound_for(k, group)
                bext = max(bext, x)
                if b > best:
                    best, bpath = b, p
            row.append(best)
            erow.append(bext)
            report.append('%-10s %-20s %7d %7d  %s' % (cname, e, best, bext, ' > '.join(bpath)))
        table.append(row)
        ext.append(erow)
    table.append([max(r[i] for r in table) for i in range(len(ents))])
    ext.append([max(r[i] for r in ext) for i in range(len(ents))])
    biggest = max(table[-1])
    area = max(biggest, max(ext[-1]) + LAZY_ROOM) + WS_TOP_RESERVE + SIGNAL_ROOM

    out = []
    out.append('/* Generated by tools/stack_bounds.py from this build\'s objects: do not edit. */')
    out.append('#include "workstack.h"')
    out.append('')
    out.append('/* rows: %s, then any curve; columns: %s */' % (', '.join(c for c, _ in cl), ', '.join(ents)))
    out.append('const uint32_t ws_bounds[][WS_ENTRY_COUNT] = {')
    for (cname, _), row in zip(cl + [('any', None)], table):
        out.append('    {%s}, /* %s */' % (', '.join(str(v) for v in row), cname))
    out.append('};')
    out.append('const uint32_t ws_external_depth[][WS_ENTRY_COUNT] = {')
    for (cname, _), row in zip(cl + [('any', None)], ext):
        out.append('    {%s}, /* %s */' % (', '.join(str(v) for v in row), cname))
    out.append('};')
    out.append('const size_t ws_any_curve = %d;' % len(cl))
    out.append('const size_t ws_area_size = %d;' % area)
    text = '\n'.join(out) + '\n'
    if not os.path.exists(a.out) or open(a.out).read() != text:
        with open(a.out, 'w') as f:
            f.write(text)
    if a.report:
        with open(a.report, 'w') as f:
            f.write('work stack bounds (bytes below the starting stack pointer), %s, area %d bytes\n' % (arch, area))
            f.write('curve      work              bound  external call depth  deepest path (frames in bytes)\n')
            f.write('\n'.join(report) + '\n')


if __name__ == '__main__':
    main()
