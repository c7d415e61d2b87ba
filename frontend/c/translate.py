"""Turns C translation units (pycparser trees) into one Boogie `Program`, HAVOC-style.

Role: the program level of the C front end.  Pass 1 walks the file-scope declarations in
order (typedefs, struct/union/enum definitions, global variables, function signatures) and
lays out global memory; pass 2 translates each function body (frontend/c/function.py and its construct modules).  The
entry function additionally runs the global initialisers first.
Follows Lal & Qadeer, "Reachability Modulo Theories", Section 4 / Fig. 5 (pointers are
integers, heap maps split by type, allocation bumps `$alloc`); see frontend/memory.py.

Public API: `translate_files(paths, CFrontendOptions(...)) -> Program`.  Bad input raises
`BoogieError` (code "compile" when gcc rejects the file, "parse", "preprocess", "input",
"type"); constructs not modelled raise `BoogieError` with code "unsupported", naming the
construct and its file:line.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from boogie import trace_attrs as ta
from boogie.ast import Attr, BvType, INT, Loc, MapType, ProcedureDecl, Program, VarDecl
from boogie.errors import BoogieError, error

from frontend.nonlocal_jumps import declarations as jump_declarations
from frontend.cflags import BuildFlags
import frontend.encoding_choice as encoding_choice
from frontend.inline_asm import mark_entry as mark_asm
from frontend.models import index as library_index, libraries
from frontend.memsafety import declarations_of_type as memsafety_declarations
from frontend.properties import NO_CHECKS, PropertyChecks
from frontend.memory import Memory, SplitRetry
from frontend.smack_inline import Injections, check_types, finish

from .ast_memo import per_ast
from .consteval import init_length
from .deep import NestingTooDeep, run_deep
from .encoding import Encoding
from .entry_harness import HARNESS_FILE, HARNESS_FUNCTION, EntryHarness, entry_harness
from .externs import Externs, const_params, escaping_names, points_to_const
from .externs import is_const as _is_const
from .function import FunctionTranslator
from .layout_attrs import pack_states
from .layout_check import check_layout, needs_check
from .libraries import declare_libraries, identifiers
from .byte_split import split_bytes
from .region_split import split_regions
from .entry_marks import (MEMORY_CLASSES, MEMORY_REGIONS, WARNING,  # noqa: F401 - read by the CLI
                          _byte_level_because, _with_classes, _with_warnings, c_warnings)
from .byte_stores import BYTE_LEVEL, BYTE_LEVEL_CLASS, wide_byte_stores
from .points_to import MemoryClasses, memory_classes
from .parse import (ParsedFile, Source, node_loc, parse_source, parse_text,
                    read_source)
from .prune import prune_heap_facts
from .symbols import FuncInfo, GlobalInit, Sym, boogie_name
from .threads import declarations as thread_declarations, is_threaded
from .type_decls import TypeDeclsMixin
from .typesys import (ArrayT, CType, DataModel, FloatT, FuncT, IntT, PtrT, StructT, TypeTable,
                      VoidT, unsupported)
from .varargs import declarations as vararg_declarations, reads_varargs
from .unsequenced import unsequenced_calls

# SMACK's initialisation functions (`__SMACK_INIT(x)` in smack.h): run before the entry's
# body, after the global initialisers, in definition order (SMACK's `$initialize`)
INIT_PREFIXES = ("__SMACK_init_func_", "__SMACK_INIT_")


@dataclass(frozen=True, slots=True)
class CFrontendOptions:
    """Options of the C front end.
    encoding: "int" (mathematical integers), "bv" (bit-precise bitvectors) or "auto"
      (bv when the program stores computed values wider than a byte into byte-level
      memory, else int: frontend/encoding_choice.py);
    data_model: "ILP32" (-m32) or "LP64" (-m64);
    entry: the C function where execution starts;
    check_overflow: also assert that signed arithmetic does not overflow and that shifts
      are defined (SMACK's --check=integer-overflow);
    property: "unreach-call" (errors are calls of reach_error / failing asserts) or
      "no-overflow" (SV-COMP's property: only overflows are errors -- implies the checks
      above -- and reach_error/assert failures just end the path, as abort does);
    malloc_may_fail: `malloc`/`valloc`/`realloc` may return NULL (as `calloc` always may);
      off by default: SV-COMP's rules assume that allocation succeeds;
    cflags: each file's compiler-style flags (-I, -D, -U, -include, --std;
      frontend/cflags.py) for the preprocessor and gcc's syntax check;
    extern_pure: functions without a body write no memory (SMACK's convention; by
      default they may write what they can reach: externs.py);

    stubs: C files of the user's models (`--stubs`), linked on use before the bundled
      ones (frontend/models.py, libraries.py);
    checks: the property checks to instrument (frontend/properties.py);
      `check_overflow` and the no-overflow property add `signed_overflow`;
    memory_split: byte-level memory only for the points-to classes that need it
      (byte_split.py); False: the whole program as soon as one class needs it;
    memory_regions: each points-to class's accesses on maps of its own
      (region_split.py); False: one map per value class and field for all classes."""
    encoding: str = "int"
    data_model: str = "ILP32"
    entry: str = "main"
    check_overflow: bool = False
    property: str = "unreach-call"
    malloc_may_fail: bool = False
    cflags: BuildFlags = BuildFlags()
    extern_pure: bool = False
    stubs: tuple[str, ...] = ()
    checks: PropertyChecks = NO_CHECKS
    memory_split: bool = True
    memory_regions: bool = True

    def __post_init__(self):
        if self.property not in ("unreach-call", "no-overflow"):
            raise ValueError(f"property must be 'unreach-call' or 'no-overflow', "
                             f"not {self.property!r}")
        if self.encoding not in ("int", "bv", "auto"):
            raise ValueError(f"encoding must be 'int', 'bv' or 'auto', not {self.encoding!r}")
        if self.data_model not in ("ILP32", "LP64"):
            raise ValueError(f"data model must be 'ILP32' or 'LP64', not {self.data_model!r}")


def translate_files(paths: list[str], opts: CFrontendOptions) -> Program:
    """Translate the C files of one program (preprocessing `.c`, parsing `.i` as is).
    Every file is first checked by gcc (frontend/c/compiler.py): C that gcc rejects is bad
    input.  Parsing and translation run through deep.run_deep (deeply nested C)."""
    sources = [read_source(p, opts.data_model, cflags=opts.cflags.for_file(p)) for p in paths]
    try:
        return run_deep(lambda: _translate_sources(sources, opts))
    except RecursionError as e:
        loc = getattr(e, "loc", None)
        if loc is None or not loc.line:
            loc = Loc(loc.file if loc is not None and loc.file else paths[0], 1, 1)
        raise error("unsupported", loc, "nested too deeply") from None


def harness_for(paths: list[str], opts: CFrontendOptions) -> EntryHarness:
    """The C harness of entry function `opts.entry` of the program `paths` (the LLVM front
    end and the native replay compile it with the program)."""
    sources = [read_source(p, opts.data_model, cflags=opts.cflags.for_file(p)) for p in paths]

    def harness() -> EntryHarness:
        parsed = [parse_source(src) for src in sources]
        return entry_harness(ProgramTranslator(opts).declare(parsed), opts.entry)
    return run_deep(harness)


def _translate_sources(sources: list[Source], opts: CFrontendOptions) -> Program:
    parsed = [parse_source(src) for src in sources]
    warnings = unsequenced_calls(parsed, [src.path for src in sources])
    return _with_warnings(_translate_parsed(sources, parsed, opts), warnings)


def _translate_parsed(sources: list[Source], parsed: list[ParsedFile],
                      opts: CFrontendOptions) -> Program:
    # (declarations alone: the layout and the harness do not depend on the encoding)
    declaring = replace(opts, encoding="int") if opts.encoding == encoding_choice.AUTO \
        else opts
    for src, pf in zip(sources, parsed):     # layout shaped by pragmas or attributes
        flags = opts.cflags.for_file(src.path)
        if src.gcc_accepts and needs_check(src.text, flags):
            pt = ProgramTranslator(declaring).declare([pf])
            check_layout(src.path, opts.data_model, flags, pt.types, pt.layout_names)
    if opts.entry != "main":        # another entry function: called by a harness
        harness = entry_harness(ProgramTranslator(declaring).declare(parsed), opts.entry)
        parsed.append(ParsedFile(HARNESS_FILE, harness.text,
                                 parse_text(harness.text, HARNESS_FILE,
                                            typedefs=harness.typedefs)))
        opts = replace(opts, entry=HARNESS_FUNCTION)
    if opts.encoding != encoding_choice.AUTO:
        return _translate_models(parsed, opts)
    # --encoding auto: int, unless the program stores computed values wider than a byte
    # into byte-level memory -- known only from the points-to classes of the procedures
    # emitted, so such a program is translated once more, in bv, from the same parsed
    # files
    prog = _translate_models(parsed, replace(opts, encoding="int"))
    encoding, why = encoding_choice.choose(wide_byte_stores(prog))
    if encoding != "int":
        prog = _translate_models(parsed, replace(opts, encoding=encoding))
    return encoding_choice.mark(prog, encoding, why)


def _translate_models(parsed: list[ParsedFile], opts: CFrontendOptions) -> Program:
    """The program in the first memory model its pointer conversions are safe for."""
    # Memory models from the most split to the most general; the first one the program's
    # pointer conversions are safe for is used (frontend/memory.py):
    # maps per value class; (int) maps per width, shared across signedness; one byte map.
    models = [{}] + ([{"by_width": True}] if opts.encoding == "int" else []) + \
        [{"byte_level": True}]
    why: BoogieError | None = None
    classes: MemoryClasses | None = None      # points-to classes of the first typed attempt
    for i, model in enumerate(models):
        unsplit: frozenset[str] = frozenset()
        try:
            while True:
                pt = ProgramTranslator(opts, unsplit=unsplit, **model)
                try:
                    prog = pt.translate(parsed)
                    classes = classes or pt.mem_classes
                    prog = _with_classes(prog, classes, pt.region_count)
                    return prog if why is None or not model.get("byte_level") else \
                        _byte_level_because(prog, why)
                except SplitRetry as r:     # structs seen through casts keep one map/type
                    assert not r.structs <= unsplit, "field split retry made no progress"
                    unsplit |= r.structs
        except BoogieError as e:
            if e.first.code != "unsupported" or "needs byte-level memory" not in \
                    e.first.message or i == len(models) - 1:
                raise
            why = why or e
            classes = classes or pt.mem_classes
    raise AssertionError("unreachable")


class ProgramTranslator(TypeDeclsMixin):
    """Translation state of one program (the files checked together)."""

    GLOBAL_BASE = 4096          # first address of global objects

    def __init__(self, opts: CFrontendOptions, by_width: bool = False,
                 byte_level: bool = False, unsplit: frozenset[str] = frozenset()):
        self.opts = opts
        self.dm = DataModel(opts.data_model)
        self.types = TypeTable(self.dm, align_double=opts.cflags.ms_extensions,
                               long_double_is_double=opts.cflags.ms_extensions)
        checks = opts.checks
        if opts.check_overflow or opts.property == "no-overflow":
            checks = checks.union(PropertyChecks(signed_overflow=True))
        self.enc = Encoding(opts.encoding, self.dm, checks)
        self.checks = checks
        self.global_objects: list[tuple[int, int]] = []   # memory checks: (address, size)
        self.errors_are_assertions = opts.property == "unreach-call"
        self.mem = Memory(self.types, self.enc.is_bv, by_width, byte_level, unsplit)
        self.scopes: list[dict[str, Sym]] = [{}]
        self.tags: list[dict[str, StructT | IntT]] = [{}]
        self.struct_nodes: dict[int, tuple[object, StructT]] = {}   # definition node -> type
        self.functions: dict[str, FuncInfo] = {}
        self.global_vars: dict[str, VarDecl] = {}
        self.global_inits: list[GlobalInit] = []
        self.next_global_addr = self.GLOBAL_BASE
        self.strings: dict[bytes, tuple[int, Loc]] = {}
        self.address_taken: set[str] = set()
        self.procedures: list[ProcedureDecl] = []
        self.func_addrs: dict[str, int] = {}
        self.aliases: dict[str, str] = {}     # function alias -> aliased function
        self.anon = 0
        self.file = ""
        self.last_loc = Loc("", 0, 0)     # the last construct read (for NestingTooDeep)
        # model libraries (frontend/models.py), linked on first call (libraries.py): the
        # ones whose declarations were added, and the model procedures still to translate
        self.libraries = libraries(opts.stubs)
        self.library_index = library_index(self.libraries)     # name -> its library
        self.library_files: dict[str, ParsedFile] = {}
        self.pending: list[FuncInfo] = []
        # allocation sizes are recorded (in `$size`) only for programs that call realloc
        self.track_sizes = False
        # global objects in memory, for traces: (C name, address, size)
        self.objects: list[tuple[str, int, int]] = []
        self.injections = Injections(unsupported)   # SMACK's inline Boogie (smack_code.py)
        self.init_functions: list[tuple[FuncInfo, Loc]] = []     # SMACK's, in order
        self.uses_varargs = False           # variable arguments passed or read (varargs.py)
        self.corral_procs: set[str] = set()     # Corral's thread procedures called (threads.py)
        self.jump_procs: set[str] = set()       # setjmp/longjmp intrinsics called (builtins.py)
        self.threaded = False               # the program may start threads (threads.py)
        # struct layout (layout_attrs.py): the `#pragma pack` value of each declaration,
        # the declaration whose type is being read, the file-scope struct names (C name,
        # type, where) that layout_check.py compares with gcc's layout
        self.pack_of: dict[int, int] = {}
        self.struct_decl = None
        self.layout_names: list[tuple[str, StructT, Loc]] = []
        self.externs = Externs()            # functions without a body (externs.py)
        self.escape_amp: set[str] = set()   # names under `&` (externs.escaping_names)
        self.escape_values: set[str] = set()    # names where an array would decay
        self.const_typedefs: set[str] = set()   # typedefs of const-qualified types
        self.const_ptr_typedefs: set[str] = set()   # typedefs of pointers to const
        self.asm_count = 0                  # inline assembly statements (inline_asm.py)
        # while a function body is translated: evaluates the size expression of a
        # variable-length array declarator into a hidden local, its name (frontend/c/vla.py)
        self.vla_eval = None
        self.asm_first: Loc | None = None
        self.mem_classes: MemoryClasses | None = None     # points_to.py, typed models only
        self.split_accesses = 0       # byte_split.py: accesses moved to the byte map
        self.region_accesses = 0      # region_split.py: accesses moved to a class's maps
        self.ptr_sums: set = set()    # (procedure, `p + i`) of pointer arithmetic (points_to.py)
        self.asm_inputs: list = []    # (procedure, input) of asm with outputs (points_to.py)
        self.region_count = 0         # ... and the classes given maps
        self.extern_bytes = False     # byte_split.py: externs havoc the byte map too
        # where a pointer goes that the points-to classes do not follow -- between C and
        # SMACK's injected Boogie (smack_code.py), into inline assembly that writes memory
        # (inline_asm.py): then memory is not split per class (`_split_or_validate`)
        self.untracked_pointers: Loc | None = None

    # ------------------------------------------------------------------ driver
    def translate(self, files: list[ParsedFile]) -> Program:
        """The Boogie program of the files.  Running out of recursion depth (deeply nested
        declarators, statements or expressions) raises NestingTooDeep at the construct
        being read, for deep.run_deep to retry on a big stack or report."""
        try:
            return self._translate(files)
        except NestingTooDeep:
            raise
        except RecursionError:
            raise NestingTooDeep(self.last_loc) from None

    def declare(self, files: list[ParsedFile]) -> ProgramTranslator:
        """Pass 1: the file-scope declarations of every file (types, globals, function
        signatures); returns self (entry_harness.py reads the declarations)."""
        for pf in files:
            self.file = pf.path
            self.scan_file(pf.ast)
        for pf in files:
            self.file = pf.path
            for ext in pf.ast.ext:
                self.file_scope_decl(ext)
        declare_libraries(self, files)
        self.threaded = any(is_threaded(identifiers(pf.ast)) for pf in files)
        if self.threaded:
            for pf in files:
                _no_thread_locals(pf)
        return self

    def scan_file(self, ast) -> None:
        """The syntactic pre-scans of a file before its declarations (a program's file or a
        model library's): `#pragma pack` states, names and fields whose address is taken,
        calls of realloc, names whose address escapes (externs.py)."""
        self.pack_of.update(pack_states(ast))
        self.address_taken |= _address_taken_names(ast)
        self.mem.addr_taken_fields |= _address_taken_fields(ast)
        self.track_sizes |= bool({"realloc", "__builtin_realloc"} & identifiers(ast))
        amp, values = escaping_names(ast)
        self.escape_amp |= amp
        self.escape_values |= values

    def _translate(self, files: list[ParsedFile]) -> Program:
        self.declare(files)
        self.assign_function_addresses(files)
        self.mem.declare_field_maps()
        entry = self.functions.get(self.opts.entry)
        if entry is None or entry.node is None:
            raise error("input", Loc(files[0].path if files else "", 0, 0),
                        f"entry function '{self.opts.entry}' is not defined")
        # the entry goes last: its prologue initialises every global and string literal
        order = sorted(self.functions.values(), key=lambda f: f.c_name == self.opts.entry)
        for info in order:
            # (a model linked by a call translated before its turn here is translated
            # once, from `pending`)
            if info.node is not None and info.model is None:
                self.file = info.file
                ft = FunctionTranslator(self, info, is_entry=info.c_name == self.opts.entry)
                self.procedures.append(ft.translate())
        while self.pending:         # library models linked by the calls translated so far
            info = self.pending.pop(0)
            self.file = info.file
            self.procedures.append(FunctionTranslator(self, info, is_entry=False).translate())
        if not self.mem.byte_level:
            self.mem_classes = memory_classes(self, self.procedures)
        self._split_or_validate()
        self._split_regions()
        # calloc/realloc facts over maps nothing else uses go, and so do those maps
        self.procedures, used = prune_heap_facts(self.procedures, set(self.mem.maps))
        self.procedures += self.externs.procedures(self, used)
        for name in set(self.mem.maps) - used:
            del self.mem.maps[name]
        return mark_asm(self.assemble(), self.asm_count, self.asm_first)

    def _split_or_validate(self) -> None:
        """Byte-level classes alone on byte level (byte_split.py, `memory_split`) or the type-safety
        check of the whole program (frontend/memory.py)."""
        cl = self.mem_classes
        if cl is not None and not cl.byte_level and self.untracked_pointers is None:
            self.mem.validate(by_class=True)    # every class passed the check alone
            return
        if cl is None or not self.opts.memory_split or self.untracked_pointers is not None:
            self.mem.validate()
            return
        self.mem.validate(by_class=True)      # (a struct split retry first)
        done = split_bytes(self, cl.analysis, set(cl.roots), self.procedures)
        if done is None:
            self.mem.validate()         # unsupported: the whole program goes byte level
            return
        self.procedures, self.split_accesses = done
        unknown = cl.analysis.g.find(cl.analysis.unknown)
        self.extern_bytes = unknown in cl.roots

    def _split_regions(self) -> None:
        """Each points-to class's heap accesses on maps of its own (region_split.py,
        `memory_regions`), where the heap is typed (whole-program byte level: one map)."""
        cl = self.mem_classes
        if cl is None or not self.opts.memory_regions or self.mem.byte_level or \
                self.untracked_pointers is not None:
            return
        done = split_regions(self.mem, cl.analysis, self.procedures)
        if done is not None:
            self.procedures, self.region_accesses, self.region_count = done

    def note_asm(self, loc: Loc) -> None:
        """One more inline assembly statement modelled (inline_asm.py)."""
        self.asm_count += 1
        if self.asm_first is None:
            self.asm_first = loc

    def escaped_globals(self) -> list[CType]:
        """The types of the globals in memory whose address escapes (`&g`, or an array
        used as a value): functions without a body may reach them (externs.py)."""
        out = []
        for gi in self.global_inits:
            sym = gi.sym
            if sym.kind != "mem":
                continue
            name = sym.name.rsplit("$", 1)[-1]
            if name in self.escape_amp or (isinstance(sym.type, ArrayT) and
                                           name in self.escape_values):
                out.append(sym.type)
        return out

    def assign_function_addresses(self, files: list[ParsedFile]) -> None:
        """Every function used as a value (not only called) gets an address, found by a
        syntactic scan before any body is translated, so indirect calls see them all."""
        used: set[str] = set()
        for pf in files:
            used |= _function_values(pf.ast, set(self.functions) | set(self.aliases))
        used = {self.aliases.get(n, n) for n in used}
        for name in sorted(used & set(self.functions)):
            self.func_addrs[name] = self.alloc_global(1, 4, data=False)

    def assemble(self) -> Program:
        import dataclasses

        from boogie.passes.modifies import infer_modifies
        decls: list = []
        decls += sorted(self.enc.functions.values(), key=lambda f: f.name)
        ptr_t = BvType(self.dm.ptr_bits) if self.enc.is_bv else INT
        decls.append(VarDecl("$alloc", ptr_t))
        if self.track_sizes:
            decls.append(VarDecl("$size", MapType((ptr_t,), ptr_t)))
        if self.checks.memory:
            decls += memsafety_declarations(ptr_t)
        decls += self.mem.decls()
        if self.uses_varargs:
            decls += vararg_declarations(self)
        decls += [self.global_vars[n] for n in sorted(self.global_vars)]
        decls += self.with_objects(self.procedures)
        decls += thread_declarations(self)
        decls += jump_declarations(self.jump_procs, ptr_t, self.enc.btype(self.dm.INT))
        if self.injections:
            decls = finish(self.injections, decls, ptr_t, self.enc.is_bv)
        # modifies clauses by the one inference (boogie/passes/modifies.py), in name order
        prog = infer_modifies(Program(tuple(decls)))
        prog = Program(tuple(dataclasses.replace(d, modifies=tuple(sorted(d.modifies)))
                             if isinstance(d, ProcedureDecl) else d for d in prog.decls))
        if self.injections:
            check_types(self.injections, prog)
        return prog

    def with_objects(self, procs: list[ProcedureDecl]) -> list[ProcedureDecl]:
        """The entry procedure carries the trace's table of global objects (`{:cglobal}`):
        globals in memory, string literals, functions whose address is taken."""
        import dataclasses
        objs = list(self.objects)
        objs += [(_string_name(data), addr, len(data) + 1)
                 for data, (addr, _) in self.strings.items()]
        objs += [(name, addr, 1) for name, addr in self.func_addrs.items()]
        attrs = tuple(ta.global_object(n, a, s) for n, a, s in sorted(objs, key=lambda o: o[1]))
        entry = self.functions[self.opts.entry].name
        return [dataclasses.replace(p, attrs=p.attrs + attrs) if p.name == entry else p
                for p in procs]

    def is_model(self, info: FuncInfo) -> bool:
        """Is the function one of the bundled models (pycorral_libc.c, the kernel models)?
        Traces show their calls, not their steps; a user's stub is shown as code."""
        return info.model is not None and any(lib.bundled and lib.path == info.model
                                              for lib in self.libraries)

    # ------------------------------------------------------------------ scopes
    def lookup(self, name: str) -> Sym | None:
        for scope in reversed(self.scopes):
            s = scope.get(name)
            if s is not None:
                return s
        return None

    def lookup_tag(self, name: str):
        for scope in reversed(self.tags):
            s = scope.get(name)
            if s is not None:
                return s
        return None

    def loc(self, node) -> Loc:
        loc = node_loc(node, self.file)
        if loc.line:
            self.last_loc = loc
        return loc

    # ------------------------------------------------------------------ file scope
    def file_scope_decl(self, ext) -> None:
        kind = type(ext).__name__
        loc = self.loc(ext)
        if kind == "FuncDef":
            self.function_definition(ext)
        elif kind == "Decl":
            self.global_decl(ext)
        elif kind == "Typedef":
            self.typedef(ext)
        elif kind in ("Pragma", "PreprocessorLine", "StaticAssert", "EmptyStatement"):
            pass
        elif kind == "Asm":
            raise unsupported(loc, "inline assembly at file scope")
        else:
            raise unsupported(loc, f"file-scope {kind}")

    def typedef(self, node) -> None:
        t = self.resolve_type(node.type)
        self.scopes[-1][node.name] = Sym("typedef", t)
        if len(self.scopes) == 1 and isinstance(t, StructT):
            self.layout_names.append((node.name, t, self.loc(node)))
        if _is_const(node.type, self.const_typedefs):
            self.const_typedefs.add(node.name)
        if points_to_const(node.type, self.const_typedefs, self.const_ptr_typedefs):
            self.const_ptr_typedefs.add(node.name)

    def function_definition(self, node) -> None:
        decl = node.decl
        loc = self.loc(node)
        if node.param_decls:
            raise unsupported(loc, "K&R-style function definition")
        ft = self.resolve_type(decl.type)
        assert isinstance(ft, FuncT), ft
        name = decl.name
        info = self.declare_function(name, ft, loc)
        if info.node is not None:
            raise error("type", loc, f"function '{name}' is defined twice")
        info.node = node
        info.file = self.file
        info.param_names = _param_names(decl.type)
        info.varargs = ft.variadic and reads_varargs(node.body)
        if name.startswith(INIT_PREFIXES):
            if ft.params or ft.variadic or not isinstance(ft.ret, VoidT):
                raise unsupported(loc, f"SMACK initialisation function {name} with parameters "
                                  "or a result")
            self.init_functions.append((info, loc))

    def declare_function(self, name: str, ft: FuncT, loc: Loc) -> FuncInfo:
        info = self.functions.get(name)
        if info is None:
            info = self.functions[name] = FuncInfo(boogie_name(name), ft, c_name=name)
        elif ft.has_proto and not info.type.has_proto:
            info.type = ft
        self.scopes[0][name] = Sym("func", ft, name=info.name)
        return info

    def global_decl(self, node) -> None:
        loc = self.loc(node)
        if node.name is None:               # struct/union/enum declaration only
            self.resolve_decl_type(node)
            return
        t = self.resolve_decl_type(node)
        if isinstance(t, FuncT):
            target = _alias_target(node)
            if target is not None:       # `f() __attribute__((alias("g")))`: f is g
                self.aliases[node.name] = target
                return
            info = self.declare_function(node.name, t, loc)
            if info.node is None and (t.has_proto or info.decl_loc is None):
                info.decl_loc = loc
                info.param_names = _param_names(node.type)
                info.const_params = const_params(node.type, self.const_typedefs,
                                                 self.const_ptr_typedefs)
            return
        storage = node.storage or []
        self.require_folded_length(node, t, loc)
        old = self.scopes[0].get(node.name)
        if old is not None and old.kind in ("var", "mem"):
            # a redeclaration (extern, tentative definition): keep one object
            if isinstance(old.type, ArrayT) and old.type.length is None and \
                    isinstance(t, ArrayT) and t.length is not None:
                raise unsupported(loc, f"array '{node.name}' declared before its size")
            if node.init is not None:
                for gi in self.global_inits:
                    if gi.sym is old:
                        gi.init = node.init
                        gi.loc = loc
            return
        self.define_global(node.name, t, node.init, loc, extern="extern" in storage)

    def require_folded_length(self, node, t: CType, loc: Loc) -> None:
        """A static object declared `T a[e]` whose length e the front end does not fold to
        a constant is unsupported (gcc folds more: `(char *)&x - (char *)0`); taking it as
        an array of unknown length would give it one element."""
        n = node.type
        while type(n).__name__ in ("TypeDecl", "TypeDeclExt"):
            n = n.type
        if isinstance(t, ArrayT) and t.length is None and node.init is None and \
                type(n).__name__ in ("ArrayDecl", "ArrayDeclExt") and n.dim is not None:
            raise unsupported(loc, f"size of array '{node.name}' that the front end does "
                              "not evaluate to a constant")

    def define_global(self, c_name: str, t: CType, init, loc: Loc, extern: bool = False) -> Sym:
        if isinstance(t, FloatT) and t.bits is None:
            raise unsupported(loc, f"variable '{c_name}' of type {t}")
        if isinstance(t, ArrayT) and t.length is None and init is not None:
            t = ArrayT(t.elem, init_length(init, self))
        if self.needs_memory(c_name, t):
            if isinstance(t, ArrayT) and t.length is None:
                t = ArrayT(t.elem, 1)        # extern array of unknown size
            addr = self.alloc_global(self.types.sizeof(t, loc), self.types.alignof(t, loc), loc)
            sym = Sym("mem", t, name=c_name, addr=self.enc.lit(addr, PtrT(t)))
            self.objects.append((c_name.rsplit("$", 1)[-1], addr, self.types.sizeof(t, loc)))
        else:
            name = boogie_name(c_name)
            while name in self.global_vars or name in self.functions:
                name += "$"
            self.global_vars[name] = VarDecl(name, self.enc.btype(t), loc=loc)
            sym = Sym("var", t, name=name)
        self.scopes[0][c_name] = sym
        self.global_inits.append(GlobalInit(sym, init, t, loc))
        return sym

    def needs_memory(self, c_name: str, t: CType) -> bool:
        return not isinstance(t, (IntT, PtrT, FloatT)) or c_name in self.address_taken

    def alloc_global(self, size: int, align: int, loc: Loc | None = None,
                     data: bool = True) -> int:
        """The address of a new global object (`data`: not a function's address).  Globals
        live below half the address space (the heap above them, frontend/memory.py):
        objects that do not fit are unsupported.  Under memory checks each starts at a
        multiple of 64 (frontend/memsafety.py's chunks) and is recorded."""
        align = max(align, 64 if self.checks.memory else 4)
        addr = (self.next_global_addr + align - 1) // align * align
        end = addr + max(size, 1) + 4
        if end >= 1 << (self.dm.ptr_bits - 1):
            raise unsupported(loc or self.last_loc, f"global objects of more than "
                              f"2^{self.dm.ptr_bits - 1} bytes in all")
        self.next_global_addr = end
        if data and self.checks.memory:
            self.global_objects.append((addr, size))
        return addr

    def string_literal(self, data: bytes, loc: Loc) -> int:
        """The address of a (deduplicated) string literal object, NUL included."""
        if data not in self.strings:
            self.strings[data] = (self.alloc_global(len(data) + 1, 1, loc), loc)
        return self.strings[data][0]

    # ------------------------------------------------------------------ constants
    def const_int(self, node) -> int | None:
        """Value of an integer constant expression (array sizes, enumerators, case labels),
        or None when the expression is not constant."""
        from .consteval import const_eval
        with self.no_vla_eval():
            return const_eval(self, node)


def _param_names(fdecl_type) -> list[str]:
    names: list[str] = []
    fd = fdecl_type
    while type(fd).__name__ not in ("FuncDecl", "FuncDeclExt"):
        fd = fd.type
    if fd.args is None:
        return names
    for p in fd.args.params:
        pk = type(p).__name__
        if pk == "EllipsisParam":
            continue
        if pk == "ID":
            names.append(p.name)
            continue
        if p.name is None and type(p.type).__name__ in ("TypeDecl", "TypeDeclExt") and \
                type(p.type.type).__name__ == "IdentifierType" and p.type.type.names == ["void"]:
            continue
        names.append(p.name)
    return names


@per_ast
def _function_values(ast, functions: set[str]) -> set[str]:
    """Names of functions that occur other than as the callee of a direct call."""
    out: set[str] = set()
    stack = [(ast, False)]
    while stack:
        n, is_callee = stack.pop()
        kind = type(n).__name__
        if kind == "ID" and not is_callee and n.name in functions:
            out.add(n.name)
        for name, c in n.children():
            callee = kind == "FuncCall" and name == "name" and type(c).__name__ == "ID"
            stack.append((c, callee))
    return out


def _alias_target(decl) -> str | None:
    """The target of `__attribute__((alias("g")))` on a function declaration, if any."""
    from .consteval import string_bytes
    stack = [decl.type]
    while stack:
        n = stack.pop()
        if type(n).__name__ == "FuncCall" and type(n.name).__name__ == "ID" and \
                n.name.name in ("alias", "__alias__") and n.args is not None and \
                n.args.exprs and type(n.args.exprs[0]).__name__ == "Constant":
            return string_bytes(n.args.exprs[0].value).decode("latin-1")
        stack.extend(c for _, c in n.children())
    return None


@per_ast
def _address_taken_fields(ast) -> set[str]:
    """Names of struct members whose address is taken anywhere (`&e.f`, `&e->f`,
    `&e.f[i]`), by a syntactic scan: such members keep the map of their type."""
    out: set[str] = set()
    stack = [ast]
    while stack:
        n = stack.pop()
        if type(n).__name__ == "UnaryOp" and n.op == "&":
            e = n.expr
            while type(e).__name__ in ("ArrayRef", "StructRef"):
                if type(e).__name__ == "StructRef":
                    out.add(e.field.name)
                e = e.name
        for _, c in n.children():
            stack.append(c)
    return out


@per_ast
def _address_taken_names(ast) -> set[str]:
    """Names of variables whose address is taken anywhere (`&x`), by a syntactic scan."""
    out: set[str] = set()
    stack = [ast]
    while stack:
        n = stack.pop()
        if type(n).__name__ == "UnaryOp" and n.op == "&":
            e = n.expr
            if type(e).__name__ == "ID":
                out.add(e.name)
        for _, c in n.children():
            stack.append(c)
    return out


__all__ = ["CFrontendOptions", "translate_files", "harness_for", "ProgramTranslator", "Sym", "FuncInfo",
           "boogie_name"]


def _string_name(data: bytes) -> str:
    """A string literal as the trace names its object: `"text"`, shortened, with characters
    that would need escapes replaced by `?`."""
    text = "".join(chr(b) if 32 <= b < 127 and chr(b) not in '"\\{}' else "?" for b in data)
    return '"' + (text if len(text) <= 16 else text[:13] + "...") + '"'


def _no_thread_locals(pf: ParsedFile) -> None:
    """A `_Thread_local` / `__thread` variable in a program that starts threads: each thread
    has its own copy, which the translation (one cell in the global maps, shared by every
    thread) does not model; a verdict would be wrong (a false race), so it is UNKNOWN.
    Without threads the one copy is the program's own: an ordinary static variable."""
    from .parse import c_ast

    class _Finder(c_ast.NodeVisitor):
        def visit_Decl(self, node):
            if "_Thread_local" in (node.storage or ()):
                raise error("unsupported", node_loc(node, pf.path),
                            f"thread-local variable '{node.name}' in a program that starts "
                            "threads (a copy per thread is not modelled)")
            self.generic_visit(node)
    _Finder().visit(pf.ast)
