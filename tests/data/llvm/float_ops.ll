; EXPECT: correct
; Every fcmp predicate on NaN, on equal values and on ordered values; fneg, frem, the
; casts, bitcasts both ways, select and phi of floats, llvm.is.fpclass, minnum/maxnum.
target datalayout = "e-m:e-p:32:32-i64:32-n8:16:32-S128"
target triple = "i386-unknown-linux-gnu"

declare double @__VERIFIER_nondet_double()
declare void @reach_error()
declare i1 @llvm.is.fpclass.f64(double, i32)
declare double @llvm.minnum.f64(double, double)
declare float @llvm.maxnum.f32(float, float)

define i32 @main() {
entry:
  %x = call double @__VERIFIER_nondet_double()
  %nan = fdiv double 0.000000e+00, 0.000000e+00
  ; with a NaN operand: ordered predicates false, unordered true
  %o1 = fcmp oeq double %nan, %nan
  %o2 = fcmp ogt double %nan, 1.0
  %o3 = fcmp oge double %nan, 1.0
  %o4 = fcmp olt double %nan, 1.0
  %o5 = fcmp ole double %nan, 1.0
  %o6 = fcmp one double %nan, 1.0
  %o7 = fcmp ord double %nan, 1.0
  %u1 = fcmp ueq double %nan, %nan
  %u2 = fcmp ugt double %nan, 1.0
  %u3 = fcmp uge double %nan, 1.0
  %u4 = fcmp ult double %nan, 1.0
  %u5 = fcmp ule double %nan, 1.0
  %u6 = fcmp une double %nan, 1.0
  %u7 = fcmp uno double %nan, 1.0
  %t = fcmp true double %nan, 1.0
  %f = fcmp false double 1.0, 1.0
  %any_o = or i1 %o1, %o2
  %any_o2 = or i1 %any_o, %o3
  %any_o3 = or i1 %any_o2, %o4
  %any_o4 = or i1 %any_o3, %o5
  %any_o5 = or i1 %any_o4, %o6
  %any_o6 = or i1 %any_o5, %o7
  %any_o7 = or i1 %any_o6, %f
  %all_u = and i1 %u1, %u2
  %all_u2 = and i1 %all_u, %u3
  %all_u3 = and i1 %all_u2, %u4
  %all_u4 = and i1 %all_u3, %u5
  %all_u5 = and i1 %all_u4, %u6
  %all_u6 = and i1 %all_u5, %u7
  %all_u7 = and i1 %all_u6, %t
  ; ordered values: one and une on 1.0 vs 2.0, ueq and oeq on -0.0 vs 0.0
  %p1 = fcmp one double 1.0, 2.0
  %p2 = fcmp une double 1.0, 2.0
  %p3 = fcmp oeq double -0.000000e+00, 0.000000e+00
  %p4 = fcmp ueq double -0.000000e+00, 0.000000e+00
  %p5 = fcmp ord double 1.0, 2.0
  %p6 = fcmp uno double 1.0, 2.0
  %q1 = and i1 %p1, %p2
  %q2 = and i1 %q1, %p3
  %q3 = and i1 %q2, %p4
  %q4 = and i1 %q3, %p5
  %q5 = xor i1 %p6, true
  %q6 = and i1 %q4, %q5
  ; fneg, frem (C's fmod), casts
  %n = fneg double 2.5
  %r = frem double -7.5, 2.0                          ; -1.5
  %i = fptosi double %n to i32                        ; -2
  %u = fptoui float 3.75 to i8                        ; 3
  %s = sitofp i32 -3 to double
  %uf = uitofp i32 -1 to float                        ; 4294967296.0
  %e = fpext float 0x3FB99999A0000000 to double      ; (float)0.1 widened, exact
  %tr = fptrunc double 0x3FB999999999999A to float   ; 0.1 rounded to float
  %b = bitcast double 1.0 to i64
  %bf = bitcast i32 1069547520 to float               ; 1.5
  %c1 = fcmp oeq double %r, -1.5
  %c2 = icmp eq i32 %i, -2
  %c3 = icmp eq i8 %u, 3
  %c4 = fcmp oeq double %s, -3.0
  %c5 = fcmp oeq float %uf, 0x41F0000000000000
  %c6 = fcmp oeq double %e, 0x3FB99999A0000000
  %c7 = fcmp oeq float %tr, 0x3FB99999A0000000
  %c8 = icmp eq i64 %b, 4607182418800017408
  %c9 = fcmp oeq float %bf, 1.5
  %d1 = and i1 %c1, %c2
  %d2 = and i1 %d1, %c3
  %d3 = and i1 %d2, %c4
  %d4 = and i1 %d3, %c5
  %d5 = and i1 %d4, %c6
  %d6 = and i1 %d5, %c7
  %d7 = and i1 %d6, %c8
  %d8 = and i1 %d7, %c9
  ; classes: 3 = NaN (both kinds); 516 = +-inf; 96 = +-0
  %k1 = call i1 @llvm.is.fpclass.f64(double %nan, i32 3)
  %k2 = call i1 @llvm.is.fpclass.f64(double 0x7FF0000000000000, i32 516)
  %k3 = call i1 @llvm.is.fpclass.f64(double -0.000000e+00, i32 96)
  %k4 = call i1 @llvm.is.fpclass.f64(double 1.0, i32 96)
  %m1 = call double @llvm.minnum.f64(double %nan, double 4.0)
  %m2 = call float @llvm.maxnum.f32(float -1.0, float 2.0)
  %c10 = fcmp oeq double %m1, 4.0
  %c11 = fcmp oeq float %m2, 2.0
  %g1 = and i1 %k1, %k2
  %g2 = and i1 %g1, %k3
  %g3 = xor i1 %k4, true
  %g4 = and i1 %g2, %g3
  %g5 = and i1 %g4, %c10
  %g6 = and i1 %g5, %c11
  %ok1 = xor i1 %any_o7, true
  %ok2 = and i1 %ok1, %all_u7
  %ok3 = and i1 %ok2, %q6
  %ok4 = and i1 %ok3, %d8
  %ok5 = and i1 %ok4, %g6
  br i1 %ok5, label %sel, label %err

sel:
  ; select and phi: max(x, 0) is never below 0 unless x is NaN (then the select picks 0)
  %pos = fcmp ogt double %x, 0.0
  %mx = select i1 %pos, double %x, double 0.0
  br i1 %pos, label %a, label %join

a:
  br label %join

join:
  %ph = phi double [ %mx, %a ], [ 0.0, %sel ]
  %neg = fcmp olt double %ph, 0.0
  br i1 %neg, label %err, label %done

err:
  call void @reach_error()
  ret i32 1

done:
  ret i32 0
}
