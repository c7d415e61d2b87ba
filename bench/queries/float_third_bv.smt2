; the same query in the bv encoding
(declare-fun pycorral_main!pycorral_error!5 () Bool)
(declare-fun pycorral_main!gout!pycorral_error () Bool)
(declare-fun pycorral_main!$CurrAddr!4 () (_ BitVec 64))
(declare-fun pycorral_main!gout!$CurrAddr () (_ BitVec 64))
(declare-fun pycorral_main!call0_main!2 () Bool)
(declare-fun pycorral_main!b_start!6 () Bool)
(declare-fun |main!b_$bb.entry!20#1| () Bool)
(declare-fun |main!b_$bb.entry$2!21#1| () Bool)
(declare-fun |main!b_$bb.entry$1!22#1| () Bool)
(declare-fun |main!b_$bb.if.end4!34#1| () Bool)
(declare-fun |main!v$call$!19#1| () (_ FloatingPoint 11 53))
(declare-fun |main!b_$bb.land.lhs.true!23#1| () Bool)
(declare-fun |main!b_$bb.land.lhs.true$2!24#1| () Bool)
(declare-fun |main!b_$bb.land.lhs.true$1!25#1| () Bool)
(declare-fun |main!b_$bb.if.then!26#1| () Bool)
(declare-fun |main!b_$bb.if.then$2!27#1| () Bool)
(declare-fun |main!b_$bb.if.then$1!31#1| () Bool)
(declare-fun |main!b_$bb.if.else!28#1| () Bool)
(declare-fun |main!b_$bb.if.else_ok!29#1| () Bool)
(declare-fun |main!b_error_return!30#1| () Bool)
(declare-fun |main!$r!1#1| () (_ BitVec 32))
(declare-fun pycorral_main!main_$r!3 () (_ BitVec 32))
(declare-fun |main!b_$bb.if.then3!32#1| () Bool)
(declare-fun |main!b_$bb.if.end!33#1| () Bool)
(assert (=> pycorral_main!b_start!6
    (and pycorral_main!call0_main!2
         pycorral_main!pycorral_error!5
         (= pycorral_main!gout!$CurrAddr pycorral_main!$CurrAddr!4)
         (= pycorral_main!gout!pycorral_error pycorral_main!pycorral_error!5))))
(assert true)
(assert pycorral_main!b_start!6)
(assert (let ((a!1 (fp.eq (fp.mul roundNearestTiesToEven
                          (fp.div roundNearestTiesToEven
                                  |main!v$call$!19#1|
                                  ((_ to_fp 11 53) #x4008000000000000))
                          ((_ to_fp 11 53) #x4008000000000000))
                  |main!v$call$!19#1|))
      (a!2 (=> |main!b_$bb.land.lhs.true$1!25#1|
               (and (fp.lt |main!v$call$!19#1|
                           ((_ to_fp 11 53) #x4000000000000000))
                    |main!b_$bb.if.then!26#1|)))
      (a!3 (and (not (fp.lt |main!v$call$!19#1|
                            ((_ to_fp 11 53) #x4000000000000000)))
                |main!b_$bb.if.end4!34#1|))
      (a!4 (=> |main!b_$bb.entry$1!22#1|
               (and (fp.gt |main!v$call$!19#1|
                           ((_ to_fp 11 53) #x3fe0000000000000))
                    |main!b_$bb.land.lhs.true!23#1|)))
      (a!5 (and (not (fp.gt |main!v$call$!19#1|
                            ((_ to_fp 11 53) #x3fe0000000000000)))
                |main!b_$bb.if.end4!34#1|)))
(let ((a!6 (and (=> |main!b_$bb.if.end4!34#1|
                    (and (= #x00000000 pycorral_main!main_$r!3)
                         (= #x00000000000011c0 pycorral_main!$CurrAddr!4)
                         (= pycorral_main!pycorral_error!5 false)))
                (=> |main!b_$bb.if.end!33#1| |main!b_$bb.if.end4!34#1|)
                (=> |main!b_$bb.if.then3!32#1| |main!b_$bb.if.end!33#1|)
                (=> |main!b_$bb.if.then$1!31#1|
                    (and a!1 |main!b_$bb.if.then3!32#1|))
                (=> |main!b_error_return!30#1|
                    (and true
                         (= pycorral_main!main_$r!3 |main!$r!1#1|)
                         (= #x00000000000011c0 pycorral_main!$CurrAddr!4)
                         (= pycorral_main!pycorral_error!5 true)))
                (=> |main!b_$bb.if.else_ok!29#1|
                    (and (not true)
                         false
                         (= pycorral_main!main_$r!3 |main!$r!1#1|)
                         (= #x00000000000011c0 pycorral_main!$CurrAddr!4)
                         (= pycorral_main!pycorral_error!5 true)))
                (=> |main!b_$bb.if.else!28#1|
                    (or |main!b_error_return!30#1| |main!b_$bb.if.else_ok!29#1|))
                (=> |main!b_$bb.if.then$2!27#1|
                    (and (not a!1) |main!b_$bb.if.else!28#1|))
                (=> |main!b_$bb.if.then!26#1|
                    (or |main!b_$bb.if.then$1!31#1| |main!b_$bb.if.then$2!27#1|))
                a!2
                (=> |main!b_$bb.land.lhs.true$2!24#1| a!3)
                (=> |main!b_$bb.land.lhs.true!23#1|
                    (or |main!b_$bb.land.lhs.true$1!25#1|
                        |main!b_$bb.land.lhs.true$2!24#1|))
                a!4
                (=> |main!b_$bb.entry$2!21#1| a!5)
                (=> |main!b_$bb.entry!20#1|
                    (or |main!b_$bb.entry$1!22#1| |main!b_$bb.entry$2!21#1|))
                |main!b_$bb.entry!20#1|)))
  (=> pycorral_main!call0_main!2 a!6))))
(assert (and pycorral_main!b_start!6
     pycorral_main!call0_main!2
     |main!b_$bb.entry!20#1|
     |main!b_$bb.entry$1!22#1|
     |main!b_$bb.land.lhs.true!23#1|
     |main!b_$bb.land.lhs.true$1!25#1|
     |main!b_$bb.if.then!26#1|
     |main!b_$bb.if.then$2!27#1|
     |main!b_$bb.if.else!28#1|
     |main!b_error_return!30#1|))
(check-sat)
