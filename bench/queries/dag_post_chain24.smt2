; DAG inlining (--strategy di) of scripts/chain_family.py --shape post, N = 24, buggy: the check z3 leaves undecided (issue 39)
(declare-fun pycorral_main!pycorral_error!3 () Bool)
(declare-fun pycorral_main!gout!pycorral_error () Bool)
(declare-fun pycorral_main!g!2 () Int)
(declare-fun pycorral_main!gout!g () Int)
(declare-fun pycorral_main!call0_main!1 () Bool)
(declare-fun pycorral_main!b_start!4 () Bool)
(declare-fun |main!b_anon0_ok!5#1| () Bool)
(declare-fun |main!b_error_return!8#1| () Bool)
(declare-fun |main!pycorral_error!3#1| () Bool)
(declare-fun |main!pycorral_error@error_return!7#1| () Bool)
(declare-fun |main!call0_P0!1#1| () Bool)
(declare-fun |main!b_anon0!4#1| () Bool)
(declare-fun |main!b_anon0_ok_1!6#1| () Bool)
(declare-fun |main!g!2#1| () Int)
(declare-fun |main!iface3#1| () Bool)
(declare-fun |main!iface2#1| () Int)
(declare-fun |main!iface1#1| () Bool)
(declare-fun |main!iface0#1| () Int)
(declare-fun pycorral_main!gin!g () Int)
(declare-fun |P0!b_anon1_Else!6#2| () Bool)
(declare-fun |P0!b_anon1_Then!11#2| () Bool)
(declare-fun |P0!b_anon0!2#2| () Bool)
(declare-fun |P0!b_anon1_Else_ok!7#2| () Bool)
(declare-fun |P0!b_error_return!18#2| () Bool)
(declare-fun |P0!pycorral_error!5#2| () Bool)
(declare-fun |P0!pycorral_error@error_return!17#2| () Bool)
(declare-fun |P0!g!4#2| () Int)
(declare-fun |P0!g@error_return!16#2| () Int)
(declare-fun |P0!call0_P1!3#2| () Bool)
(declare-fun |P0!c!1#2| () Bool)
(declare-fun |P0!b_anon1!15#2| () Bool)
(declare-fun |P0!pycorral_error@anon1!14#2| () Bool)
(declare-fun |P0!g@anon1!13#2| () Int)
(declare-fun |P0!b_anon1_Then_ok!12#2| () Bool)
(declare-fun |P0!pycorral_error!10#2| () Bool)
(declare-fun |P0!g!9#2| () Int)
(declare-fun |P0!call1_P1!8#2| () Bool)
(declare-fun |P0!iface3#2| () Bool)
(declare-fun |P0!iface2#2| () Int)
(declare-fun |P0!iface1#2| () Bool)
(declare-fun |P0!iface0#2| () Int)
(declare-fun |P1!b_anon1_Else!6#3| () Bool)
(declare-fun |P1!b_anon1_Then!11#3| () Bool)
(declare-fun |P1!b_anon0!2#3| () Bool)
(declare-fun |P1!b_anon1_Else_ok!7#3| () Bool)
(declare-fun |P1!b_error_return!18#3| () Bool)
(declare-fun |P1!pycorral_error!5#3| () Bool)
(declare-fun |P1!pycorral_error@error_return!17#3| () Bool)
(declare-fun |P1!g!4#3| () Int)
(declare-fun |P1!g@error_return!16#3| () Int)
(declare-fun |P1!call0_P2!3#3| () Bool)
(declare-fun |P1!c!1#3| () Bool)
(declare-fun |P1!b_anon1!15#3| () Bool)
(declare-fun |P1!pycorral_error@anon1!14#3| () Bool)
(declare-fun |P1!g@anon1!13#3| () Int)
(declare-fun |P1!b_anon1_Then_ok!12#3| () Bool)
(declare-fun |P1!pycorral_error!10#3| () Bool)
(declare-fun |P1!g!9#3| () Int)
(declare-fun |P1!call1_P2!8#3| () Bool)
(declare-fun |P1!iface3#3| () Bool)
(declare-fun |P1!iface2#3| () Int)
(declare-fun |P1!iface1#3| () Bool)
(declare-fun |P1!iface0#3| () Int)
(declare-fun |P2!b_anon1_Else!6#4| () Bool)
(declare-fun |P2!b_anon1_Then!11#4| () Bool)
(declare-fun |P2!b_anon0!2#4| () Bool)
(declare-fun |P2!b_anon1_Else_ok!7#4| () Bool)
(declare-fun |P2!b_error_return!18#4| () Bool)
(declare-fun |P2!pycorral_error!5#4| () Bool)
(declare-fun |P2!pycorral_error@error_return!17#4| () Bool)
(declare-fun |P2!g!4#4| () Int)
(declare-fun |P2!g@error_return!16#4| () Int)
(declare-fun |P2!call0_P3!3#4| () Bool)
(declare-fun |P2!c!1#4| () Bool)
(declare-fun |P2!b_anon1!15#4| () Bool)
(declare-fun |P2!pycorral_error@anon1!14#4| () Bool)
(declare-fun |P2!g@anon1!13#4| () Int)
(declare-fun |P2!b_anon1_Then_ok!12#4| () Bool)
(declare-fun |P2!pycorral_error!10#4| () Bool)
(declare-fun |P2!g!9#4| () Int)
(declare-fun |P2!call1_P3!8#4| () Bool)
(declare-fun |P2!iface3#4| () Bool)
(declare-fun |P2!iface2#4| () Int)
(declare-fun |P2!iface1#4| () Bool)
(declare-fun |P2!iface0#4| () Int)
(declare-fun |P3!b_anon1_Else!6#5| () Bool)
(declare-fun |P3!b_anon1_Then!11#5| () Bool)
(declare-fun |P3!b_anon0!2#5| () Bool)
(declare-fun |P3!b_anon1_Else_ok!7#5| () Bool)
(declare-fun |P3!b_error_return!18#5| () Bool)
(declare-fun |P3!pycorral_error!5#5| () Bool)
(declare-fun |P3!pycorral_error@error_return!17#5| () Bool)
(declare-fun |P3!g!4#5| () Int)
(declare-fun |P3!g@error_return!16#5| () Int)
(declare-fun |P3!call0_P4!3#5| () Bool)
(declare-fun |P3!c!1#5| () Bool)
(declare-fun |P3!b_anon1!15#5| () Bool)
(declare-fun |P3!pycorral_error@anon1!14#5| () Bool)
(declare-fun |P3!g@anon1!13#5| () Int)
(declare-fun |P3!b_anon1_Then_ok!12#5| () Bool)
(declare-fun |P3!pycorral_error!10#5| () Bool)
(declare-fun |P3!g!9#5| () Int)
(declare-fun |P3!call1_P4!8#5| () Bool)
(declare-fun |P3!iface3#5| () Bool)
(declare-fun |P3!iface2#5| () Int)
(declare-fun |P3!iface1#5| () Bool)
(declare-fun |P3!iface0#5| () Int)
(declare-fun |P4!b_anon1_Else!6#6| () Bool)
(declare-fun |P4!b_anon1_Then!11#6| () Bool)
(declare-fun |P4!b_anon0!2#6| () Bool)
(declare-fun |P4!b_anon1_Else_ok!7#6| () Bool)
(declare-fun |P4!b_error_return!18#6| () Bool)
(declare-fun |P4!pycorral_error!5#6| () Bool)
(declare-fun |P4!pycorral_error@error_return!17#6| () Bool)
(declare-fun |P4!g!4#6| () Int)
(declare-fun |P4!g@error_return!16#6| () Int)
(declare-fun |P4!call0_P5!3#6| () Bool)
(declare-fun |P4!c!1#6| () Bool)
(declare-fun |P4!b_anon1!15#6| () Bool)
(declare-fun |P4!pycorral_error@anon1!14#6| () Bool)
(declare-fun |P4!g@anon1!13#6| () Int)
(declare-fun |P4!b_anon1_Then_ok!12#6| () Bool)
(declare-fun |P4!pycorral_error!10#6| () Bool)
(declare-fun |P4!g!9#6| () Int)
(declare-fun |P4!call1_P5!8#6| () Bool)
(declare-fun |P4!iface3#6| () Bool)
(declare-fun |P4!iface2#6| () Int)
(declare-fun |P4!iface1#6| () Bool)
(declare-fun |P4!iface0#6| () Int)
(declare-fun |P5!b_anon1_Else!6#7| () Bool)
(declare-fun |P5!b_anon1_Then!11#7| () Bool)
(declare-fun |P5!b_anon0!2#7| () Bool)
(declare-fun |P5!b_anon1_Else_ok!7#7| () Bool)
(declare-fun |P5!b_error_return!18#7| () Bool)
(declare-fun |P5!pycorral_error!5#7| () Bool)
(declare-fun |P5!pycorral_error@error_return!17#7| () Bool)
(declare-fun |P5!g!4#7| () Int)
(declare-fun |P5!g@error_return!16#7| () Int)
(declare-fun |P5!call0_P6!3#7| () Bool)
(declare-fun |P5!c!1#7| () Bool)
(declare-fun |P5!b_anon1!15#7| () Bool)
(declare-fun |P5!pycorral_error@anon1!14#7| () Bool)
(declare-fun |P5!g@anon1!13#7| () Int)
(declare-fun |P5!b_anon1_Then_ok!12#7| () Bool)
(declare-fun |P5!pycorral_error!10#7| () Bool)
(declare-fun |P5!g!9#7| () Int)
(declare-fun |P5!call1_P6!8#7| () Bool)
(declare-fun |P5!iface3#7| () Bool)
(declare-fun |P5!iface2#7| () Int)
(declare-fun |P5!iface1#7| () Bool)
(declare-fun |P5!iface0#7| () Int)
(declare-fun |P6!b_anon1_Else!6#8| () Bool)
(declare-fun |P6!b_anon1_Then!11#8| () Bool)
(declare-fun |P6!b_anon0!2#8| () Bool)
(declare-fun |P6!b_anon1_Else_ok!7#8| () Bool)
(declare-fun |P6!b_error_return!18#8| () Bool)
(declare-fun |P6!pycorral_error!5#8| () Bool)
(declare-fun |P6!pycorral_error@error_return!17#8| () Bool)
(declare-fun |P6!g!4#8| () Int)
(declare-fun |P6!g@error_return!16#8| () Int)
(declare-fun |P6!call0_P7!3#8| () Bool)
(declare-fun |P6!c!1#8| () Bool)
(declare-fun |P6!b_anon1!15#8| () Bool)
(declare-fun |P6!pycorral_error@anon1!14#8| () Bool)
(declare-fun |P6!g@anon1!13#8| () Int)
(declare-fun |P6!b_anon1_Then_ok!12#8| () Bool)
(declare-fun |P6!pycorral_error!10#8| () Bool)
(declare-fun |P6!g!9#8| () Int)
(declare-fun |P6!call1_P7!8#8| () Bool)
(declare-fun |P6!iface3#8| () Bool)
(declare-fun |P6!iface2#8| () Int)
(declare-fun |P6!iface1#8| () Bool)
(declare-fun |P6!iface0#8| () Int)
(declare-fun |P7!b_anon1_Else!6#9| () Bool)
(declare-fun |P7!b_anon1_Then!11#9| () Bool)
(declare-fun |P7!b_anon0!2#9| () Bool)
(declare-fun |P7!b_anon1_Else_ok!7#9| () Bool)
(declare-fun |P7!b_error_return!18#9| () Bool)
(declare-fun |P7!pycorral_error!5#9| () Bool)
(declare-fun |P7!pycorral_error@error_return!17#9| () Bool)
(declare-fun |P7!g!4#9| () Int)
(declare-fun |P7!g@error_return!16#9| () Int)
(declare-fun |P7!call0_P8!3#9| () Bool)
(declare-fun |P7!c!1#9| () Bool)
(declare-fun |P7!b_anon1!15#9| () Bool)
(declare-fun |P7!pycorral_error@anon1!14#9| () Bool)
(declare-fun |P7!g@anon1!13#9| () Int)
(declare-fun |P7!b_anon1_Then_ok!12#9| () Bool)
(declare-fun |P7!pycorral_error!10#9| () Bool)
(declare-fun |P7!g!9#9| () Int)
(declare-fun |P7!call1_P8!8#9| () Bool)
(declare-fun |P7!iface3#9| () Bool)
(declare-fun |P7!iface2#9| () Int)
(declare-fun |P7!iface1#9| () Bool)
(declare-fun |P7!iface0#9| () Int)
(declare-fun |P8!b_anon1_Else!6#10| () Bool)
(declare-fun |P8!b_anon1_Then!11#10| () Bool)
(declare-fun |P8!b_anon0!2#10| () Bool)
(declare-fun |P8!b_anon1_Else_ok!7#10| () Bool)
(declare-fun |P8!b_error_return!18#10| () Bool)
(declare-fun |P8!pycorral_error!5#10| () Bool)
(declare-fun |P8!pycorral_error@error_return!17#10| () Bool)
(declare-fun |P8!g!4#10| () Int)
(declare-fun |P8!g@error_return!16#10| () Int)
(declare-fun |P8!call0_P9!3#10| () Bool)
(declare-fun |P8!c!1#10| () Bool)
(declare-fun |P8!b_anon1!15#10| () Bool)
(declare-fun |P8!pycorral_error@anon1!14#10| () Bool)
(declare-fun |P8!g@anon1!13#10| () Int)
(declare-fun |P8!b_anon1_Then_ok!12#10| () Bool)
(declare-fun |P8!pycorral_error!10#10| () Bool)
(declare-fun |P8!g!9#10| () Int)
(declare-fun |P8!call1_P9!8#10| () Bool)
(declare-fun |P8!iface3#10| () Bool)
(declare-fun |P8!iface2#10| () Int)
(declare-fun |P8!iface1#10| () Bool)
(declare-fun |P8!iface0#10| () Int)
(declare-fun |P9!b_anon1_Else!6#11| () Bool)
(declare-fun |P9!b_anon1_Then!11#11| () Bool)
(declare-fun |P9!b_anon0!2#11| () Bool)
(declare-fun |P9!b_anon1_Else_ok!7#11| () Bool)
(declare-fun |P9!b_error_return!18#11| () Bool)
(declare-fun |P9!pycorral_error!5#11| () Bool)
(declare-fun |P9!pycorral_error@error_return!17#11| () Bool)
(declare-fun |P9!g!4#11| () Int)
(declare-fun |P9!g@error_return!16#11| () Int)
(declare-fun |P9!call0_P10!3#11| () Bool)
(declare-fun |P9!c!1#11| () Bool)
(declare-fun |P9!b_anon1!15#11| () Bool)
(declare-fun |P9!pycorral_error@anon1!14#11| () Bool)
(declare-fun |P9!g@anon1!13#11| () Int)
(declare-fun |P9!b_anon1_Then_ok!12#11| () Bool)
(declare-fun |P9!pycorral_error!10#11| () Bool)
(declare-fun |P9!g!9#11| () Int)
(declare-fun |P9!call1_P10!8#11| () Bool)
(declare-fun |P9!iface3#11| () Bool)
(declare-fun |P9!iface2#11| () Int)
(declare-fun |P9!iface1#11| () Bool)
(declare-fun |P9!iface0#11| () Int)
(declare-fun |P10!b_anon1_Else!6#12| () Bool)
(declare-fun |P10!b_anon1_Then!11#12| () Bool)
(declare-fun |P10!b_anon0!2#12| () Bool)
(declare-fun |P10!b_anon1_Else_ok!7#12| () Bool)
(declare-fun |P10!b_error_return!18#12| () Bool)
(declare-fun |P10!pycorral_error!5#12| () Bool)
(declare-fun |P10!pycorral_error@error_return!17#12| () Bool)
(declare-fun |P10!g!4#12| () Int)
(declare-fun |P10!g@error_return!16#12| () Int)
(declare-fun |P10!call0_P11!3#12| () Bool)
(declare-fun |P10!c!1#12| () Bool)
(declare-fun |P10!b_anon1!15#12| () Bool)
(declare-fun |P10!pycorral_error@anon1!14#12| () Bool)
(declare-fun |P10!g@anon1!13#12| () Int)
(declare-fun |P10!b_anon1_Then_ok!12#12| () Bool)
(declare-fun |P10!pycorral_error!10#12| () Bool)
(declare-fun |P10!g!9#12| () Int)
(declare-fun |P10!call1_P11!8#12| () Bool)
(declare-fun |P10!iface3#12| () Bool)
(declare-fun |P10!iface2#12| () Int)
(declare-fun |P10!iface1#12| () Bool)
(declare-fun |P10!iface0#12| () Int)
(declare-fun |P11!b_anon1_Else!6#13| () Bool)
(declare-fun |P11!b_anon1_Then!11#13| () Bool)
(declare-fun |P11!b_anon0!2#13| () Bool)
(declare-fun |P11!b_anon1_Else_ok!7#13| () Bool)
(declare-fun |P11!b_error_return!18#13| () Bool)
(declare-fun |P11!pycorral_error!5#13| () Bool)
(declare-fun |P11!pycorral_error@error_return!17#13| () Bool)
(declare-fun |P11!g!4#13| () Int)
(declare-fun |P11!g@error_return!16#13| () Int)
(declare-fun |P11!call0_P12!3#13| () Bool)
(declare-fun |P11!c!1#13| () Bool)
(declare-fun |P11!b_anon1!15#13| () Bool)
(declare-fun |P11!pycorral_error@anon1!14#13| () Bool)
(declare-fun |P11!g@anon1!13#13| () Int)
(declare-fun |P11!b_anon1_Then_ok!12#13| () Bool)
(declare-fun |P11!pycorral_error!10#13| () Bool)
(declare-fun |P11!g!9#13| () Int)
(declare-fun |P11!call1_P12!8#13| () Bool)
(declare-fun |P11!iface3#13| () Bool)
(declare-fun |P11!iface2#13| () Int)
(declare-fun |P11!iface1#13| () Bool)
(declare-fun |P11!iface0#13| () Int)
(declare-fun |P12!b_anon1_Else!6#14| () Bool)
(declare-fun |P12!b_anon1_Then!11#14| () Bool)
(declare-fun |P12!b_anon0!2#14| () Bool)
(declare-fun |P12!b_anon1_Else_ok!7#14| () Bool)
(declare-fun |P12!b_error_return!18#14| () Bool)
(declare-fun |P12!pycorral_error!5#14| () Bool)
(declare-fun |P12!pycorral_error@error_return!17#14| () Bool)
(declare-fun |P12!g!4#14| () Int)
(declare-fun |P12!g@error_return!16#14| () Int)
(declare-fun |P12!call0_P13!3#14| () Bool)
(declare-fun |P12!c!1#14| () Bool)
(declare-fun |P12!b_anon1!15#14| () Bool)
(declare-fun |P12!pycorral_error@anon1!14#14| () Bool)
(declare-fun |P12!g@anon1!13#14| () Int)
(declare-fun |P12!b_anon1_Then_ok!12#14| () Bool)
(declare-fun |P12!pycorral_error!10#14| () Bool)
(declare-fun |P12!g!9#14| () Int)
(declare-fun |P12!call1_P13!8#14| () Bool)
(declare-fun |P12!iface3#14| () Bool)
(declare-fun |P12!iface2#14| () Int)
(declare-fun |P12!iface1#14| () Bool)
(declare-fun |P12!iface0#14| () Int)
(declare-fun |P13!b_anon1_Else!6#15| () Bool)
(declare-fun |P13!b_anon1_Then!11#15| () Bool)
(declare-fun |P13!b_anon0!2#15| () Bool)
(declare-fun |P13!b_anon1_Else_ok!7#15| () Bool)
(declare-fun |P13!b_error_return!18#15| () Bool)
(declare-fun |P13!pycorral_error!5#15| () Bool)
(declare-fun |P13!pycorral_error@error_return!17#15| () Bool)
(declare-fun |P13!g!4#15| () Int)
(declare-fun |P13!g@error_return!16#15| () Int)
(declare-fun |P13!call0_P14!3#15| () Bool)
(declare-fun |P13!c!1#15| () Bool)
(declare-fun |P13!b_anon1!15#15| () Bool)
(declare-fun |P13!pycorral_error@anon1!14#15| () Bool)
(declare-fun |P13!g@anon1!13#15| () Int)
(declare-fun |P13!b_anon1_Then_ok!12#15| () Bool)
(declare-fun |P13!pycorral_error!10#15| () Bool)
(declare-fun |P13!g!9#15| () Int)
(declare-fun |P13!call1_P14!8#15| () Bool)
(declare-fun |P13!iface3#15| () Bool)
(declare-fun |P13!iface2#15| () Int)
(declare-fun |P13!iface1#15| () Bool)
(declare-fun |P13!iface0#15| () Int)
(declare-fun |P14!b_anon1_Else!6#16| () Bool)
(declare-fun |P14!b_anon1_Then!11#16| () Bool)
(declare-fun |P14!b_anon0!2#16| () Bool)
(declare-fun |P14!b_anon1_Else_ok!7#16| () Bool)
(declare-fun |P14!b_error_return!18#16| () Bool)
(declare-fun |P14!pycorral_error!5#16| () Bool)
(declare-fun |P14!pycorral_error@error_return!17#16| () Bool)
(declare-fun |P14!g!4#16| () Int)
(declare-fun |P14!g@error_return!16#16| () Int)
(declare-fun |P14!call0_P15!3#16| () Bool)
(declare-fun |P14!c!1#16| () Bool)
(declare-fun |P14!b_anon1!15#16| () Bool)
(declare-fun |P14!pycorral_error@anon1!14#16| () Bool)
(declare-fun |P14!g@anon1!13#16| () Int)
(declare-fun |P14!b_anon1_Then_ok!12#16| () Bool)
(declare-fun |P14!pycorral_error!10#16| () Bool)
(declare-fun |P14!g!9#16| () Int)
(declare-fun |P14!call1_P15!8#16| () Bool)
(declare-fun |P14!iface3#16| () Bool)
(declare-fun |P14!iface2#16| () Int)
(declare-fun |P14!iface1#16| () Bool)
(declare-fun |P14!iface0#16| () Int)
(declare-fun |P15!b_anon1_Else!6#17| () Bool)
(declare-fun |P15!b_anon1_Then!11#17| () Bool)
(declare-fun |P15!b_anon0!2#17| () Bool)
(declare-fun |P15!b_anon1_Else_ok!7#17| () Bool)
(declare-fun |P15!b_error_return!18#17| () Bool)
(declare-fun |P15!pycorral_error!5#17| () Bool)
(declare-fun |P15!pycorral_error@error_return!17#17| () Bool)
(declare-fun |P15!g!4#17| () Int)
(declare-fun |P15!g@error_return!16#17| () Int)
(declare-fun |P15!call0_P16!3#17| () Bool)
(declare-fun |P15!c!1#17| () Bool)
(declare-fun |P15!b_anon1!15#17| () Bool)
(declare-fun |P15!pycorral_error@anon1!14#17| () Bool)
(declare-fun |P15!g@anon1!13#17| () Int)
(declare-fun |P15!b_anon1_Then_ok!12#17| () Bool)
(declare-fun |P15!pycorral_error!10#17| () Bool)
(declare-fun |P15!g!9#17| () Int)
(declare-fun |P15!call1_P16!8#17| () Bool)
(declare-fun |P15!iface3#17| () Bool)
(declare-fun |P15!iface2#17| () Int)
(declare-fun |P15!iface1#17| () Bool)
(declare-fun |P15!iface0#17| () Int)
(declare-fun |P16!b_anon1_Else!6#18| () Bool)
(declare-fun |P16!b_anon1_Then!11#18| () Bool)
(declare-fun |P16!b_anon0!2#18| () Bool)
(declare-fun |P16!b_anon1_Else_ok!7#18| () Bool)
(declare-fun |P16!b_error_return!18#18| () Bool)
(declare-fun |P16!pycorral_error!5#18| () Bool)
(declare-fun |P16!pycorral_error@error_return!17#18| () Bool)
(declare-fun |P16!g!4#18| () Int)
(declare-fun |P16!g@error_return!16#18| () Int)
(declare-fun |P16!call0_P17!3#18| () Bool)
(declare-fun |P16!c!1#18| () Bool)
(declare-fun |P16!b_anon1!15#18| () Bool)
(declare-fun |P16!pycorral_error@anon1!14#18| () Bool)
(declare-fun |P16!g@anon1!13#18| () Int)
(declare-fun |P16!b_anon1_Then_ok!12#18| () Bool)
(declare-fun |P16!pycorral_error!10#18| () Bool)
(declare-fun |P16!g!9#18| () Int)
(declare-fun |P16!call1_P17!8#18| () Bool)
(declare-fun |P16!iface3#18| () Bool)
(declare-fun |P16!iface2#18| () Int)
(declare-fun |P16!iface1#18| () Bool)
(declare-fun |P16!iface0#18| () Int)
(declare-fun |P17!b_anon1_Else!6#19| () Bool)
(declare-fun |P17!b_anon1_Then!11#19| () Bool)
(declare-fun |P17!b_anon0!2#19| () Bool)
(declare-fun |P17!b_anon1_Else_ok!7#19| () Bool)
(declare-fun |P17!b_error_return!18#19| () Bool)
(declare-fun |P17!pycorral_error!5#19| () Bool)
(declare-fun |P17!pycorral_error@error_return!17#19| () Bool)
(declare-fun |P17!g!4#19| () Int)
(declare-fun |P17!g@error_return!16#19| () Int)
(declare-fun |P17!call0_P18!3#19| () Bool)
(declare-fun |P17!c!1#19| () Bool)
(declare-fun |P17!b_anon1!15#19| () Bool)
(declare-fun |P17!pycorral_error@anon1!14#19| () Bool)
(declare-fun |P17!g@anon1!13#19| () Int)
(declare-fun |P17!b_anon1_Then_ok!12#19| () Bool)
(declare-fun |P17!pycorral_error!10#19| () Bool)
(declare-fun |P17!g!9#19| () Int)
(declare-fun |P17!call1_P18!8#19| () Bool)
(declare-fun |P17!iface3#19| () Bool)
(declare-fun |P17!iface2#19| () Int)
(declare-fun |P17!iface1#19| () Bool)
(declare-fun |P17!iface0#19| () Int)
(declare-fun |P18!b_anon1_Else!6#20| () Bool)
(declare-fun |P18!b_anon1_Then!11#20| () Bool)
(declare-fun |P18!b_anon0!2#20| () Bool)
(declare-fun |P18!b_anon1_Else_ok!7#20| () Bool)
(declare-fun |P18!b_error_return!18#20| () Bool)
(declare-fun |P18!pycorral_error!5#20| () Bool)
(declare-fun |P18!pycorral_error@error_return!17#20| () Bool)
(declare-fun |P18!g!4#20| () Int)
(declare-fun |P18!g@error_return!16#20| () Int)
(declare-fun |P18!call0_P19!3#20| () Bool)
(declare-fun |P18!c!1#20| () Bool)
(declare-fun |P18!b_anon1!15#20| () Bool)
(declare-fun |P18!pycorral_error@anon1!14#20| () Bool)
(declare-fun |P18!g@anon1!13#20| () Int)
(declare-fun |P18!b_anon1_Then_ok!12#20| () Bool)
(declare-fun |P18!pycorral_error!10#20| () Bool)
(declare-fun |P18!g!9#20| () Int)
(declare-fun |P18!call1_P19!8#20| () Bool)
(declare-fun |P18!iface3#20| () Bool)
(declare-fun |P18!iface2#20| () Int)
(declare-fun |P18!iface1#20| () Bool)
(declare-fun |P18!iface0#20| () Int)
(declare-fun |P19!b_anon1_Else!6#21| () Bool)
(declare-fun |P19!b_anon1_Then!11#21| () Bool)
(declare-fun |P19!b_anon0!2#21| () Bool)
(declare-fun |P19!b_anon1_Else_ok!7#21| () Bool)
(declare-fun |P19!b_error_return!18#21| () Bool)
(declare-fun |P19!pycorral_error!5#21| () Bool)
(declare-fun |P19!pycorral_error@error_return!17#21| () Bool)
(declare-fun |P19!g!4#21| () Int)
(declare-fun |P19!g@error_return!16#21| () Int)
(declare-fun |P19!call0_P20!3#21| () Bool)
(declare-fun |P19!c!1#21| () Bool)
(declare-fun |P19!b_anon1!15#21| () Bool)
(declare-fun |P19!pycorral_error@anon1!14#21| () Bool)
(declare-fun |P19!g@anon1!13#21| () Int)
(declare-fun |P19!b_anon1_Then_ok!12#21| () Bool)
(declare-fun |P19!pycorral_error!10#21| () Bool)
(declare-fun |P19!g!9#21| () Int)
(declare-fun |P19!call1_P20!8#21| () Bool)
(declare-fun |P19!iface3#21| () Bool)
(declare-fun |P19!iface2#21| () Int)
(declare-fun |P19!iface1#21| () Bool)
(declare-fun |P19!iface0#21| () Int)
(declare-fun |P20!b_anon1_Else!6#22| () Bool)
(declare-fun |P20!b_anon1_Then!11#22| () Bool)
(declare-fun |P20!b_anon0!2#22| () Bool)
(declare-fun |P20!b_anon1_Else_ok!7#22| () Bool)
(declare-fun |P20!b_error_return!18#22| () Bool)
(declare-fun |P20!pycorral_error!5#22| () Bool)
(declare-fun |P20!pycorral_error@error_return!17#22| () Bool)
(declare-fun |P20!g!4#22| () Int)
(declare-fun |P20!g@error_return!16#22| () Int)
(declare-fun |P20!call0_P21!3#22| () Bool)
(declare-fun |P20!c!1#22| () Bool)
(declare-fun |P20!b_anon1!15#22| () Bool)
(declare-fun |P20!pycorral_error@anon1!14#22| () Bool)
(declare-fun |P20!g@anon1!13#22| () Int)
(declare-fun |P20!b_anon1_Then_ok!12#22| () Bool)
(declare-fun |P20!pycorral_error!10#22| () Bool)
(declare-fun |P20!g!9#22| () Int)
(declare-fun |P20!call1_P21!8#22| () Bool)
(declare-fun |P20!iface3#22| () Bool)
(declare-fun |P20!iface2#22| () Int)
(declare-fun |P20!iface1#22| () Bool)
(declare-fun |P20!iface0#22| () Int)
(declare-fun |P21!b_anon1_Else!6#23| () Bool)
(declare-fun |P21!b_anon1_Then!11#23| () Bool)
(declare-fun |P21!b_anon0!2#23| () Bool)
(declare-fun |P21!b_anon1_Else_ok!7#23| () Bool)
(declare-fun |P21!b_error_return!18#23| () Bool)
(declare-fun |P21!pycorral_error!5#23| () Bool)
(declare-fun |P21!pycorral_error@error_return!17#23| () Bool)
(declare-fun |P21!g!4#23| () Int)
(declare-fun |P21!g@error_return!16#23| () Int)
(declare-fun |P21!call0_P22!3#23| () Bool)
(declare-fun |P21!c!1#23| () Bool)
(declare-fun |P21!b_anon1!15#23| () Bool)
(declare-fun |P21!pycorral_error@anon1!14#23| () Bool)
(declare-fun |P21!g@anon1!13#23| () Int)
(declare-fun |P21!b_anon1_Then_ok!12#23| () Bool)
(declare-fun |P21!pycorral_error!10#23| () Bool)
(declare-fun |P21!g!9#23| () Int)
(declare-fun |P21!call1_P22!8#23| () Bool)
(declare-fun |P21!iface3#23| () Bool)
(declare-fun |P21!iface2#23| () Int)
(declare-fun |P21!iface1#23| () Bool)
(declare-fun |P21!iface0#23| () Int)
(declare-fun |P22!b_anon1_Else!6#24| () Bool)
(declare-fun |P22!b_anon1_Then!11#24| () Bool)
(declare-fun |P22!b_anon0!2#24| () Bool)
(declare-fun |P22!b_anon1_Else_ok!7#24| () Bool)
(declare-fun |P22!b_error_return!18#24| () Bool)
(declare-fun |P22!pycorral_error!5#24| () Bool)
(declare-fun |P22!pycorral_error@error_return!17#24| () Bool)
(declare-fun |P22!g!4#24| () Int)
(declare-fun |P22!g@error_return!16#24| () Int)
(declare-fun |P22!call0_P23!3#24| () Bool)
(declare-fun |P22!c!1#24| () Bool)
(declare-fun |P22!b_anon1!15#24| () Bool)
(declare-fun |P22!pycorral_error@anon1!14#24| () Bool)
(declare-fun |P22!g@anon1!13#24| () Int)
(declare-fun |P22!b_anon1_Then_ok!12#24| () Bool)
(declare-fun |P22!pycorral_error!10#24| () Bool)
(declare-fun |P22!g!9#24| () Int)
(declare-fun |P22!call1_P23!8#24| () Bool)
(declare-fun |P22!iface3#24| () Bool)
(declare-fun |P22!iface2#24| () Int)
(declare-fun |P22!iface1#24| () Bool)
(declare-fun |P22!iface0#24| () Int)
(declare-fun |P23!b_anon1_Else!5#25| () Bool)
(declare-fun |P23!b_anon1_Then!9#25| () Bool)
(declare-fun |P23!b_anon0!2#25| () Bool)
(declare-fun |P23!b_anon1_Else_ok!6#25| () Bool)
(declare-fun |P23!b_error_return!16#25| () Bool)
(declare-fun |P23!pycorral_error!4#25| () Bool)
(declare-fun |P23!pycorral_error@error_return!15#25| () Bool)
(declare-fun |P23!iface0#25| () Int)
(declare-fun |P23!g@error_return!14#25| () Int)
(declare-fun |P23!call0_P24!3#25| () Bool)
(declare-fun |P23!c!1#25| () Bool)
(declare-fun |P23!b_anon1!13#25| () Bool)
(declare-fun |P23!pycorral_error@anon1!12#25| () Bool)
(declare-fun |P23!g@anon1!11#25| () Int)
(declare-fun |P23!b_anon1_Then_ok!10#25| () Bool)
(declare-fun |P23!pycorral_error!8#25| () Bool)
(declare-fun |P23!call1_P24!7#25| () Bool)
(declare-fun |P23!iface3#25| () Bool)
(declare-fun |P23!iface2#25| () Int)
(declare-fun |P23!iface1#25| () Bool)
(declare-fun |P24!b_anon0_ok!2#26| () Bool)
(declare-fun |P24!b_error_return!3#26| () Bool)
(declare-fun |P24!b_anon0!1#26| () Bool)
(declare-fun |P24!iface0#26| () Int)
(declare-fun |P24!iface2#26| () Bool)
(declare-fun |P24!iface1#26| () Bool)
(assert (=> pycorral_main!b_start!4
    (and pycorral_main!call0_main!1
         pycorral_main!pycorral_error!3
         (= pycorral_main!gout!g pycorral_main!g!2)
         (= pycorral_main!gout!pycorral_error pycorral_main!pycorral_error!3))))
(assert true)
(assert pycorral_main!b_start!4)
(assert (let ((a!1 (and (not (not (= 0 |main!g!2#1|)))
                (= |main!iface2#1| |main!g!2#1|)
                (= |main!iface3#1| (not (= 0 |main!g!2#1|)))))
      (a!2 (and (= |main!pycorral_error@error_return!7#1|
                   (not (= 0 |main!g!2#1|)))
                |main!b_error_return!8#1|))
      (a!3 (and |main!call0_P0!1#1|
                (or (and (= |main!pycorral_error@error_return!7#1|
                            |main!pycorral_error!3#1|)
                         |main!b_error_return!8#1|)
                    |main!b_anon0_ok!5#1|))))
  (and (=> |main!b_error_return!8#1|
           (and |main!pycorral_error@error_return!7#1|
                (= |main!iface2#1| |main!g!2#1|)
                (= |main!iface3#1| |main!pycorral_error@error_return!7#1|)))
       (=> |main!b_anon0_ok_1!6#1| a!1)
       (=> |main!b_anon0_ok!5#1|
           (and (not |main!pycorral_error!3#1|)
                (or a!2 |main!b_anon0_ok_1!6#1|)))
       (=> |main!b_anon0!4#1| a!3))))
(assert (=> pycorral_main!call0_main!1
    (and |main!b_anon0!4#1|
         (= pycorral_main!gin!g |main!iface0#1|)
         (= false |main!iface1#1|)
         (= pycorral_main!g!2 |main!iface2#1|)
         (= pycorral_main!pycorral_error!3 |main!iface3#1|))))
(assert (let ((a!1 (=> |P0!b_anon1_Then_ok!12#2|
               (and (not |P0!pycorral_error!10#2|)
                    (= |P0!g@anon1!13#2| (- |P0!g!9#2| 1))
                    (= |P0!pycorral_error@anon1!14#2| |P0!pycorral_error!10#2|)
                    |P0!b_anon1!15#2|)))
      (a!2 (and |P0!c!1#2|
                |P0!call1_P1!8#2|
                (or (and (= |P0!g@error_return!16#2| |P0!g!9#2|)
                         (= |P0!pycorral_error@error_return!17#2|
                            |P0!pycorral_error!10#2|)
                         |P0!b_error_return!18#2|)
                    |P0!b_anon1_Then_ok!12#2|)))
      (a!3 (=> |P0!b_anon1_Else_ok!7#2|
               (and (not |P0!pycorral_error!5#2|)
                    (= |P0!g@anon1!13#2| (- |P0!g!4#2| 2))
                    (= |P0!pycorral_error@anon1!14#2| |P0!pycorral_error!5#2|)
                    |P0!b_anon1!15#2|)))
      (a!4 (and (not |P0!c!1#2|)
                |P0!call0_P1!3#2|
                (or (and (= |P0!g@error_return!16#2| |P0!g!4#2|)
                         (= |P0!pycorral_error@error_return!17#2|
                            |P0!pycorral_error!5#2|)
                         |P0!b_error_return!18#2|)
                    |P0!b_anon1_Else_ok!7#2|))))
  (and (=> |P0!b_error_return!18#2|
           (and |P0!pycorral_error@error_return!17#2|
                (= |P0!iface2#2| |P0!g@error_return!16#2|)
                (= |P0!iface3#2| |P0!pycorral_error@error_return!17#2|)))
       (=> |P0!b_anon1!15#2|
           (and (= |P0!iface2#2| |P0!g@anon1!13#2|)
                (= |P0!iface3#2| |P0!pycorral_error@anon1!14#2|)))
       a!1
       (=> |P0!b_anon1_Then!11#2| a!2)
       a!3
       (=> |P0!b_anon1_Else!6#2| a!4)
       (=> |P0!b_anon0!2#2| (or |P0!b_anon1_Then!11#2| |P0!b_anon1_Else!6#2|)))))
(assert (=> |main!call0_P0!1#1|
    (and |P0!b_anon0!2#2|
         (= 0 |P0!iface0#2|)
         (= |main!iface1#1| |P0!iface1#2|)
         (= |main!g!2#1| |P0!iface2#2|)
         (= |main!pycorral_error!3#1| |P0!iface3#2|))))
(assert (let ((a!1 (=> |P1!b_anon1_Then_ok!12#3|
               (and (not |P1!pycorral_error!10#3|)
                    (= |P1!g@anon1!13#3| (- |P1!g!9#3| 1))
                    (= |P1!pycorral_error@anon1!14#3| |P1!pycorral_error!10#3|)
                    |P1!b_anon1!15#3|)))
      (a!2 (and |P1!c!1#3|
                |P1!call1_P2!8#3|
                (or (and (= |P1!g@error_return!16#3| |P1!g!9#3|)
                         (= |P1!pycorral_error@error_return!17#3|
                            |P1!pycorral_error!10#3|)
                         |P1!b_error_return!18#3|)
                    |P1!b_anon1_Then_ok!12#3|)))
      (a!3 (=> |P1!b_anon1_Else_ok!7#3|
               (and (not |P1!pycorral_error!5#3|)
                    (= |P1!g@anon1!13#3| (- |P1!g!4#3| 2))
                    (= |P1!pycorral_error@anon1!14#3| |P1!pycorral_error!5#3|)
                    |P1!b_anon1!15#3|)))
      (a!4 (and (not |P1!c!1#3|)
                |P1!call0_P2!3#3|
                (or (and (= |P1!g@error_return!16#3| |P1!g!4#3|)
                         (= |P1!pycorral_error@error_return!17#3|
                            |P1!pycorral_error!5#3|)
                         |P1!b_error_return!18#3|)
                    |P1!b_anon1_Else_ok!7#3|))))
  (and (=> |P1!b_error_return!18#3|
           (and |P1!pycorral_error@error_return!17#3|
                (= |P1!iface2#3| |P1!g@error_return!16#3|)
                (= |P1!iface3#3| |P1!pycorral_error@error_return!17#3|)))
       (=> |P1!b_anon1!15#3|
           (and (= |P1!iface2#3| |P1!g@anon1!13#3|)
                (= |P1!iface3#3| |P1!pycorral_error@anon1!14#3|)))
       a!1
       (=> |P1!b_anon1_Then!11#3| a!2)
       a!3
       (=> |P1!b_anon1_Else!6#3| a!4)
       (=> |P1!b_anon0!2#3| (or |P1!b_anon1_Then!11#3| |P1!b_anon1_Else!6#3|)))))
(assert (=> |P0!call1_P1!8#2|
    (and |P1!b_anon0!2#3|
         (= (+ |P0!iface0#2| 1) |P1!iface0#3|)
         (= |P0!iface1#2| |P1!iface1#3|)
         (= |P0!g!9#2| |P1!iface2#3|)
         (= |P0!pycorral_error!10#2| |P1!iface3#3|))))
(assert (=> |P0!call0_P1!3#2|
    (and |P1!b_anon0!2#3|
         (= (+ |P0!iface0#2| 2) |P1!iface0#3|)
         (= |P0!iface1#2| |P1!iface1#3|)
         (= |P0!g!4#2| |P1!iface2#3|)
         (= |P0!pycorral_error!5#2| |P1!iface3#3|))))
(assert (let ((a!1 (=> |P2!b_anon1_Then_ok!12#4|
               (and (not |P2!pycorral_error!10#4|)
                    (= |P2!g@anon1!13#4| (- |P2!g!9#4| 1))
                    (= |P2!pycorral_error@anon1!14#4| |P2!pycorral_error!10#4|)
                    |P2!b_anon1!15#4|)))
      (a!2 (and |P2!c!1#4|
                |P2!call1_P3!8#4|
                (or (and (= |P2!g@error_return!16#4| |P2!g!9#4|)
                         (= |P2!pycorral_error@error_return!17#4|
                            |P2!pycorral_error!10#4|)
                         |P2!b_error_return!18#4|)
                    |P2!b_anon1_Then_ok!12#4|)))
      (a!3 (=> |P2!b_anon1_Else_ok!7#4|
               (and (not |P2!pycorral_error!5#4|)
                    (= |P2!g@anon1!13#4| (- |P2!g!4#4| 2))
                    (= |P2!pycorral_error@anon1!14#4| |P2!pycorral_error!5#4|)
                    |P2!b_anon1!15#4|)))
      (a!4 (and (not |P2!c!1#4|)
                |P2!call0_P3!3#4|
                (or (and (= |P2!g@error_return!16#4| |P2!g!4#4|)
                         (= |P2!pycorral_error@error_return!17#4|
                            |P2!pycorral_error!5#4|)
                         |P2!b_error_return!18#4|)
                    |P2!b_anon1_Else_ok!7#4|))))
  (and (=> |P2!b_error_return!18#4|
           (and |P2!pycorral_error@error_return!17#4|
                (= |P2!iface2#4| |P2!g@error_return!16#4|)
                (= |P2!iface3#4| |P2!pycorral_error@error_return!17#4|)))
       (=> |P2!b_anon1!15#4|
           (and (= |P2!iface2#4| |P2!g@anon1!13#4|)
                (= |P2!iface3#4| |P2!pycorral_error@anon1!14#4|)))
       a!1
       (=> |P2!b_anon1_Then!11#4| a!2)
       a!3
       (=> |P2!b_anon1_Else!6#4| a!4)
       (=> |P2!b_anon0!2#4| (or |P2!b_anon1_Then!11#4| |P2!b_anon1_Else!6#4|)))))
(assert (=> |P1!call1_P2!8#3|
    (and |P2!b_anon0!2#4|
         (= (+ |P1!iface0#3| 1) |P2!iface0#4|)
         (= |P1!iface1#3| |P2!iface1#4|)
         (= |P1!g!9#3| |P2!iface2#4|)
         (= |P1!pycorral_error!10#3| |P2!iface3#4|))))
(assert (=> |P1!call0_P2!3#3|
    (and |P2!b_anon0!2#4|
         (= (+ |P1!iface0#3| 2) |P2!iface0#4|)
         (= |P1!iface1#3| |P2!iface1#4|)
         (= |P1!g!4#3| |P2!iface2#4|)
         (= |P1!pycorral_error!5#3| |P2!iface3#4|))))
(assert (let ((a!1 (=> |P3!b_anon1_Then_ok!12#5|
               (and (not |P3!pycorral_error!10#5|)
                    (= |P3!g@anon1!13#5| (- |P3!g!9#5| 1))
                    (= |P3!pycorral_error@anon1!14#5| |P3!pycorral_error!10#5|)
                    |P3!b_anon1!15#5|)))
      (a!2 (and |P3!c!1#5|
                |P3!call1_P4!8#5|
                (or (and (= |P3!g@error_return!16#5| |P3!g!9#5|)
                         (= |P3!pycorral_error@error_return!17#5|
                            |P3!pycorral_error!10#5|)
                         |P3!b_error_return!18#5|)
                    |P3!b_anon1_Then_ok!12#5|)))
      (a!3 (=> |P3!b_anon1_Else_ok!7#5|
               (and (not |P3!pycorral_error!5#5|)
                    (= |P3!g@anon1!13#5| (- |P3!g!4#5| 2))
                    (= |P3!pycorral_error@anon1!14#5| |P3!pycorral_error!5#5|)
                    |P3!b_anon1!15#5|)))
      (a!4 (and (not |P3!c!1#5|)
                |P3!call0_P4!3#5|
                (or (and (= |P3!g@error_return!16#5| |P3!g!4#5|)
                         (= |P3!pycorral_error@error_return!17#5|
                            |P3!pycorral_error!5#5|)
                         |P3!b_error_return!18#5|)
                    |P3!b_anon1_Else_ok!7#5|))))
  (and (=> |P3!b_error_return!18#5|
           (and |P3!pycorral_error@error_return!17#5|
                (= |P3!iface2#5| |P3!g@error_return!16#5|)
                (= |P3!iface3#5| |P3!pycorral_error@error_return!17#5|)))
       (=> |P3!b_anon1!15#5|
           (and (= |P3!iface2#5| |P3!g@anon1!13#5|)
                (= |P3!iface3#5| |P3!pycorral_error@anon1!14#5|)))
       a!1
       (=> |P3!b_anon1_Then!11#5| a!2)
       a!3
       (=> |P3!b_anon1_Else!6#5| a!4)
       (=> |P3!b_anon0!2#5| (or |P3!b_anon1_Then!11#5| |P3!b_anon1_Else!6#5|)))))
(assert (=> |P2!call1_P3!8#4|
    (and |P3!b_anon0!2#5|
         (= (+ |P2!iface0#4| 1) |P3!iface0#5|)
         (= |P2!iface1#4| |P3!iface1#5|)
         (= |P2!g!9#4| |P3!iface2#5|)
         (= |P2!pycorral_error!10#4| |P3!iface3#5|))))
(assert (=> |P2!call0_P3!3#4|
    (and |P3!b_anon0!2#5|
         (= (+ |P2!iface0#4| 2) |P3!iface0#5|)
         (= |P2!iface1#4| |P3!iface1#5|)
         (= |P2!g!4#4| |P3!iface2#5|)
         (= |P2!pycorral_error!5#4| |P3!iface3#5|))))
(assert (let ((a!1 (=> |P4!b_anon1_Then_ok!12#6|
               (and (not |P4!pycorral_error!10#6|)
                    (= |P4!g@anon1!13#6| (- |P4!g!9#6| 1))
                    (= |P4!pycorral_error@anon1!14#6| |P4!pycorral_error!10#6|)
                    |P4!b_anon1!15#6|)))
      (a!2 (and |P4!c!1#6|
                |P4!call1_P5!8#6|
                (or (and (= |P4!g@error_return!16#6| |P4!g!9#6|)
                         (= |P4!pycorral_error@error_return!17#6|
                            |P4!pycorral_error!10#6|)
                         |P4!b_error_return!18#6|)
                    |P4!b_anon1_Then_ok!12#6|)))
      (a!3 (=> |P4!b_anon1_Else_ok!7#6|
               (and (not |P4!pycorral_error!5#6|)
                    (= |P4!g@anon1!13#6| (- |P4!g!4#6| 2))
                    (= |P4!pycorral_error@anon1!14#6| |P4!pycorral_error!5#6|)
                    |P4!b_anon1!15#6|)))
      (a!4 (and (not |P4!c!1#6|)
                |P4!call0_P5!3#6|
                (or (and (= |P4!g@error_return!16#6| |P4!g!4#6|)
                         (= |P4!pycorral_error@error_return!17#6|
                            |P4!pycorral_error!5#6|)
                         |P4!b_error_return!18#6|)
                    |P4!b_anon1_Else_ok!7#6|))))
  (and (=> |P4!b_error_return!18#6|
           (and |P4!pycorral_error@error_return!17#6|
                (= |P4!iface2#6| |P4!g@error_return!16#6|)
                (= |P4!iface3#6| |P4!pycorral_error@error_return!17#6|)))
       (=> |P4!b_anon1!15#6|
           (and (= |P4!iface2#6| |P4!g@anon1!13#6|)
                (= |P4!iface3#6| |P4!pycorral_error@anon1!14#6|)))
       a!1
       (=> |P4!b_anon1_Then!11#6| a!2)
       a!3
       (=> |P4!b_anon1_Else!6#6| a!4)
       (=> |P4!b_anon0!2#6| (or |P4!b_anon1_Then!11#6| |P4!b_anon1_Else!6#6|)))))
(assert (=> |P3!call0_P4!3#5|
    (and |P4!b_anon0!2#6|
         (= (+ |P3!iface0#5| 2) |P4!iface0#6|)
         (= |P3!iface1#5| |P4!iface1#6|)
         (= |P3!g!4#5| |P4!iface2#6|)
         (= |P3!pycorral_error!5#5| |P4!iface3#6|))))
(assert (let ((a!1 (=> |P5!b_anon1_Then_ok!12#7|
               (and (not |P5!pycorral_error!10#7|)
                    (= |P5!g@anon1!13#7| (- |P5!g!9#7| 1))
                    (= |P5!pycorral_error@anon1!14#7| |P5!pycorral_error!10#7|)
                    |P5!b_anon1!15#7|)))
      (a!2 (and |P5!c!1#7|
                |P5!call1_P6!8#7|
                (or (and (= |P5!g@error_return!16#7| |P5!g!9#7|)
                         (= |P5!pycorral_error@error_return!17#7|
                            |P5!pycorral_error!10#7|)
                         |P5!b_error_return!18#7|)
                    |P5!b_anon1_Then_ok!12#7|)))
      (a!3 (=> |P5!b_anon1_Else_ok!7#7|
               (and (not |P5!pycorral_error!5#7|)
                    (= |P5!g@anon1!13#7| (- |P5!g!4#7| 2))
                    (= |P5!pycorral_error@anon1!14#7| |P5!pycorral_error!5#7|)
                    |P5!b_anon1!15#7|)))
      (a!4 (and (not |P5!c!1#7|)
                |P5!call0_P6!3#7|
                (or (and (= |P5!g@error_return!16#7| |P5!g!4#7|)
                         (= |P5!pycorral_error@error_return!17#7|
                            |P5!pycorral_error!5#7|)
                         |P5!b_error_return!18#7|)
                    |P5!b_anon1_Else_ok!7#7|))))
  (and (=> |P5!b_error_return!18#7|
           (and |P5!pycorral_error@error_return!17#7|
                (= |P5!iface2#7| |P5!g@error_return!16#7|)
                (= |P5!iface3#7| |P5!pycorral_error@error_return!17#7|)))
       (=> |P5!b_anon1!15#7|
           (and (= |P5!iface2#7| |P5!g@anon1!13#7|)
                (= |P5!iface3#7| |P5!pycorral_error@anon1!14#7|)))
       a!1
       (=> |P5!b_anon1_Then!11#7| a!2)
       a!3
       (=> |P5!b_anon1_Else!6#7| a!4)
       (=> |P5!b_anon0!2#7| (or |P5!b_anon1_Then!11#7| |P5!b_anon1_Else!6#7|)))))
(assert (=> |P4!call1_P5!8#6|
    (and |P5!b_anon0!2#7|
         (= (+ |P4!iface0#6| 1) |P5!iface0#7|)
         (= |P4!iface1#6| |P5!iface1#7|)
         (= |P4!g!9#6| |P5!iface2#7|)
         (= |P4!pycorral_error!10#6| |P5!iface3#7|))))
(assert (=> |P3!call1_P4!8#5|
    (and |P4!b_anon0!2#6|
         (= (+ |P3!iface0#5| 1) |P4!iface0#6|)
         (= |P3!iface1#5| |P4!iface1#6|)
         (= |P3!g!9#5| |P4!iface2#6|)
         (= |P3!pycorral_error!10#5| |P4!iface3#6|))))
(assert (=> |P4!call0_P5!3#6|
    (and |P5!b_anon0!2#7|
         (= (+ |P4!iface0#6| 2) |P5!iface0#7|)
         (= |P4!iface1#6| |P5!iface1#7|)
         (= |P4!g!4#6| |P5!iface2#7|)
         (= |P4!pycorral_error!5#6| |P5!iface3#7|))))
(assert (let ((a!1 (=> |P6!b_anon1_Then_ok!12#8|
               (and (not |P6!pycorral_error!10#8|)
                    (= |P6!g@anon1!13#8| (- |P6!g!9#8| 1))
                    (= |P6!pycorral_error@anon1!14#8| |P6!pycorral_error!10#8|)
                    |P6!b_anon1!15#8|)))
      (a!2 (and |P6!c!1#8|
                |P6!call1_P7!8#8|
                (or (and (= |P6!g@error_return!16#8| |P6!g!9#8|)
                         (= |P6!pycorral_error@error_return!17#8|
                            |P6!pycorral_error!10#8|)
                         |P6!b_error_return!18#8|)
                    |P6!b_anon1_Then_ok!12#8|)))
      (a!3 (=> |P6!b_anon1_Else_ok!7#8|
               (and (not |P6!pycorral_error!5#8|)
                    (= |P6!g@anon1!13#8| (- |P6!g!4#8| 2))
                    (= |P6!pycorral_error@anon1!14#8| |P6!pycorral_error!5#8|)
                    |P6!b_anon1!15#8|)))
      (a!4 (and (not |P6!c!1#8|)
                |P6!call0_P7!3#8|
                (or (and (= |P6!g@error_return!16#8| |P6!g!4#8|)
                         (= |P6!pycorral_error@error_return!17#8|
                            |P6!pycorral_error!5#8|)
                         |P6!b_error_return!18#8|)
                    |P6!b_anon1_Else_ok!7#8|))))
  (and (=> |P6!b_error_return!18#8|
           (and |P6!pycorral_error@error_return!17#8|
                (= |P6!iface2#8| |P6!g@error_return!16#8|)
                (= |P6!iface3#8| |P6!pycorral_error@error_return!17#8|)))
       (=> |P6!b_anon1!15#8|
           (and (= |P6!iface2#8| |P6!g@anon1!13#8|)
                (= |P6!iface3#8| |P6!pycorral_error@anon1!14#8|)))
       a!1
       (=> |P6!b_anon1_Then!11#8| a!2)
       a!3
       (=> |P6!b_anon1_Else!6#8| a!4)
       (=> |P6!b_anon0!2#8| (or |P6!b_anon1_Then!11#8| |P6!b_anon1_Else!6#8|)))))
(assert (=> |P5!call0_P6!3#7|
    (and |P6!b_anon0!2#8|
         (= (+ |P5!iface0#7| 2) |P6!iface0#8|)
         (= |P5!iface1#7| |P6!iface1#8|)
         (= |P5!g!4#7| |P6!iface2#8|)
         (= |P5!pycorral_error!5#7| |P6!iface3#8|))))
(assert (=> |P5!call1_P6!8#7|
    (and |P6!b_anon0!2#8|
         (= (+ |P5!iface0#7| 1) |P6!iface0#8|)
         (= |P5!iface1#7| |P6!iface1#8|)
         (= |P5!g!9#7| |P6!iface2#8|)
         (= |P5!pycorral_error!10#7| |P6!iface3#8|))))
(assert (let ((a!1 (=> |P7!b_anon1_Then_ok!12#9|
               (and (not |P7!pycorral_error!10#9|)
                    (= |P7!g@anon1!13#9| (- |P7!g!9#9| 1))
                    (= |P7!pycorral_error@anon1!14#9| |P7!pycorral_error!10#9|)
                    |P7!b_anon1!15#9|)))
      (a!2 (and |P7!c!1#9|
                |P7!call1_P8!8#9|
                (or (and (= |P7!g@error_return!16#9| |P7!g!9#9|)
                         (= |P7!pycorral_error@error_return!17#9|
                            |P7!pycorral_error!10#9|)
                         |P7!b_error_return!18#9|)
                    |P7!b_anon1_Then_ok!12#9|)))
      (a!3 (=> |P7!b_anon1_Else_ok!7#9|
               (and (not |P7!pycorral_error!5#9|)
                    (= |P7!g@anon1!13#9| (- |P7!g!4#9| 2))
                    (= |P7!pycorral_error@anon1!14#9| |P7!pycorral_error!5#9|)
                    |P7!b_anon1!15#9|)))
      (a!4 (and (not |P7!c!1#9|)
                |P7!call0_P8!3#9|
                (or (and (= |P7!g@error_return!16#9| |P7!g!4#9|)
                         (= |P7!pycorral_error@error_return!17#9|
                            |P7!pycorral_error!5#9|)
                         |P7!b_error_return!18#9|)
                    |P7!b_anon1_Else_ok!7#9|))))
  (and (=> |P7!b_error_return!18#9|
           (and |P7!pycorral_error@error_return!17#9|
                (= |P7!iface2#9| |P7!g@error_return!16#9|)
                (= |P7!iface3#9| |P7!pycorral_error@error_return!17#9|)))
       (=> |P7!b_anon1!15#9|
           (and (= |P7!iface2#9| |P7!g@anon1!13#9|)
                (= |P7!iface3#9| |P7!pycorral_error@anon1!14#9|)))
       a!1
       (=> |P7!b_anon1_Then!11#9| a!2)
       a!3
       (=> |P7!b_anon1_Else!6#9| a!4)
       (=> |P7!b_anon0!2#9| (or |P7!b_anon1_Then!11#9| |P7!b_anon1_Else!6#9|)))))
(assert (=> |P6!call0_P7!3#8|
    (and |P7!b_anon0!2#9|
         (= (+ |P6!iface0#8| 2) |P7!iface0#9|)
         (= |P6!iface1#8| |P7!iface1#9|)
         (= |P6!g!4#8| |P7!iface2#9|)
         (= |P6!pycorral_error!5#8| |P7!iface3#9|))))
(assert (let ((a!1 (=> |P8!b_anon1_Then_ok!12#10|
               (and (not |P8!pycorral_error!10#10|)
                    (= |P8!g@anon1!13#10| (- |P8!g!9#10| 1))
                    (= |P8!pycorral_error@anon1!14#10|
                       |P8!pycorral_error!10#10|)
                    |P8!b_anon1!15#10|)))
      (a!2 (and |P8!c!1#10|
                |P8!call1_P9!8#10|
                (or (and (= |P8!g@error_return!16#10| |P8!g!9#10|)
                         (= |P8!pycorral_error@error_return!17#10|
                            |P8!pycorral_error!10#10|)
                         |P8!b_error_return!18#10|)
                    |P8!b_anon1_Then_ok!12#10|)))
      (a!3 (=> |P8!b_anon1_Else_ok!7#10|
               (and (not |P8!pycorral_error!5#10|)
                    (= |P8!g@anon1!13#10| (- |P8!g!4#10| 2))
                    (= |P8!pycorral_error@anon1!14#10| |P8!pycorral_error!5#10|)
                    |P8!b_anon1!15#10|)))
      (a!4 (and (not |P8!c!1#10|)
                |P8!call0_P9!3#10|
                (or (and (= |P8!g@error_return!16#10| |P8!g!4#10|)
                         (= |P8!pycorral_error@error_return!17#10|
                            |P8!pycorral_error!5#10|)
                         |P8!b_error_return!18#10|)
                    |P8!b_anon1_Else_ok!7#10|))))
  (and (=> |P8!b_error_return!18#10|
           (and |P8!pycorral_error@error_return!17#10|
                (= |P8!iface2#10| |P8!g@error_return!16#10|)
                (= |P8!iface3#10| |P8!pycorral_error@error_return!17#10|)))
       (=> |P8!b_anon1!15#10|
           (and (= |P8!iface2#10| |P8!g@anon1!13#10|)
                (= |P8!iface3#10| |P8!pycorral_error@anon1!14#10|)))
       a!1
       (=> |P8!b_anon1_Then!11#10| a!2)
       a!3
       (=> |P8!b_anon1_Else!6#10| a!4)
       (=> |P8!b_anon0!2#10|
           (or |P8!b_anon1_Then!11#10| |P8!b_anon1_Else!6#10|)))))
(assert (=> |P7!call0_P8!3#9|
    (and |P8!b_anon0!2#10|
         (= (+ |P7!iface0#9| 2) |P8!iface0#10|)
         (= |P7!iface1#9| |P8!iface1#10|)
         (= |P7!g!4#9| |P8!iface2#10|)
         (= |P7!pycorral_error!5#9| |P8!iface3#10|))))
(assert (let ((a!1 (=> |P9!b_anon1_Then_ok!12#11|
               (and (not |P9!pycorral_error!10#11|)
                    (= |P9!g@anon1!13#11| (- |P9!g!9#11| 1))
                    (= |P9!pycorral_error@anon1!14#11|
                       |P9!pycorral_error!10#11|)
                    |P9!b_anon1!15#11|)))
      (a!2 (and |P9!c!1#11|
                |P9!call1_P10!8#11|
                (or (and (= |P9!g@error_return!16#11| |P9!g!9#11|)
                         (= |P9!pycorral_error@error_return!17#11|
                            |P9!pycorral_error!10#11|)
                         |P9!b_error_return!18#11|)
                    |P9!b_anon1_Then_ok!12#11|)))
      (a!3 (=> |P9!b_anon1_Else_ok!7#11|
               (and (not |P9!pycorral_error!5#11|)
                    (= |P9!g@anon1!13#11| (- |P9!g!4#11| 2))
                    (= |P9!pycorral_error@anon1!14#11| |P9!pycorral_error!5#11|)
                    |P9!b_anon1!15#11|)))
      (a!4 (and (not |P9!c!1#11|)
                |P9!call0_P10!3#11|
                (or (and (= |P9!g@error_return!16#11| |P9!g!4#11|)
                         (= |P9!pycorral_error@error_return!17#11|
                            |P9!pycorral_error!5#11|)
                         |P9!b_error_return!18#11|)
                    |P9!b_anon1_Else_ok!7#11|))))
  (and (=> |P9!b_error_return!18#11|
           (and |P9!pycorral_error@error_return!17#11|
                (= |P9!iface2#11| |P9!g@error_return!16#11|)
                (= |P9!iface3#11| |P9!pycorral_error@error_return!17#11|)))
       (=> |P9!b_anon1!15#11|
           (and (= |P9!iface2#11| |P9!g@anon1!13#11|)
                (= |P9!iface3#11| |P9!pycorral_error@anon1!14#11|)))
       a!1
       (=> |P9!b_anon1_Then!11#11| a!2)
       a!3
       (=> |P9!b_anon1_Else!6#11| a!4)
       (=> |P9!b_anon0!2#11|
           (or |P9!b_anon1_Then!11#11| |P9!b_anon1_Else!6#11|)))))
(assert (=> |P8!call1_P9!8#10|
    (and |P9!b_anon0!2#11|
         (= (+ |P8!iface0#10| 1) |P9!iface0#11|)
         (= |P8!iface1#10| |P9!iface1#11|)
         (= |P8!g!9#10| |P9!iface2#11|)
         (= |P8!pycorral_error!10#10| |P9!iface3#11|))))
(assert (=> |P8!call0_P9!3#10|
    (and |P9!b_anon0!2#11|
         (= (+ |P8!iface0#10| 2) |P9!iface0#11|)
         (= |P8!iface1#10| |P9!iface1#11|)
         (= |P8!g!4#10| |P9!iface2#11|)
         (= |P8!pycorral_error!5#10| |P9!iface3#11|))))
(assert (let ((a!1 (=> |P10!b_anon1_Then_ok!12#12|
               (and (not |P10!pycorral_error!10#12|)
                    (= |P10!g@anon1!13#12| (- |P10!g!9#12| 1))
                    (= |P10!pycorral_error@anon1!14#12|
                       |P10!pycorral_error!10#12|)
                    |P10!b_anon1!15#12|)))
      (a!2 (and |P10!c!1#12|
                |P10!call1_P11!8#12|
                (or (and (= |P10!g@error_return!16#12| |P10!g!9#12|)
                         (= |P10!pycorral_error@error_return!17#12|
                            |P10!pycorral_error!10#12|)
                         |P10!b_error_return!18#12|)
                    |P10!b_anon1_Then_ok!12#12|)))
      (a!3 (=> |P10!b_anon1_Else_ok!7#12|
               (and (not |P10!pycorral_error!5#12|)
                    (= |P10!g@anon1!13#12| (- |P10!g!4#12| 2))
                    (= |P10!pycorral_error@anon1!14#12|
                       |P10!pycorral_error!5#12|)
                    |P10!b_anon1!15#12|)))
      (a!4 (and (not |P10!c!1#12|)
                |P10!call0_P11!3#12|
                (or (and (= |P10!g@error_return!16#12| |P10!g!4#12|)
                         (= |P10!pycorral_error@error_return!17#12|
                            |P10!pycorral_error!5#12|)
                         |P10!b_error_return!18#12|)
                    |P10!b_anon1_Else_ok!7#12|))))
  (and (=> |P10!b_error_return!18#12|
           (and |P10!pycorral_error@error_return!17#12|
                (= |P10!iface2#12| |P10!g@error_return!16#12|)
                (= |P10!iface3#12| |P10!pycorral_error@error_return!17#12|)))
       (=> |P10!b_anon1!15#12|
           (and (= |P10!iface2#12| |P10!g@anon1!13#12|)
                (= |P10!iface3#12| |P10!pycorral_error@anon1!14#12|)))
       a!1
       (=> |P10!b_anon1_Then!11#12| a!2)
       a!3
       (=> |P10!b_anon1_Else!6#12| a!4)
       (=> |P10!b_anon0!2#12|
           (or |P10!b_anon1_Then!11#12| |P10!b_anon1_Else!6#12|)))))
(assert (=> |P9!call0_P10!3#11|
    (and |P10!b_anon0!2#12|
         (= (+ |P9!iface0#11| 2) |P10!iface0#12|)
         (= |P9!iface1#11| |P10!iface1#12|)
         (= |P9!g!4#11| |P10!iface2#12|)
         (= |P9!pycorral_error!5#11| |P10!iface3#12|))))
(assert (=> |P9!call1_P10!8#11|
    (and |P10!b_anon0!2#12|
         (= (+ |P9!iface0#11| 1) |P10!iface0#12|)
         (= |P9!iface1#11| |P10!iface1#12|)
         (= |P9!g!9#11| |P10!iface2#12|)
         (= |P9!pycorral_error!10#11| |P10!iface3#12|))))
(assert (let ((a!1 (=> |P11!b_anon1_Then_ok!12#13|
               (and (not |P11!pycorral_error!10#13|)
                    (= |P11!g@anon1!13#13| (- |P11!g!9#13| 1))
                    (= |P11!pycorral_error@anon1!14#13|
                       |P11!pycorral_error!10#13|)
                    |P11!b_anon1!15#13|)))
      (a!2 (and |P11!c!1#13|
                |P11!call1_P12!8#13|
                (or (and (= |P11!g@error_return!16#13| |P11!g!9#13|)
                         (= |P11!pycorral_error@error_return!17#13|
                            |P11!pycorral_error!10#13|)
                         |P11!b_error_return!18#13|)
                    |P11!b_anon1_Then_ok!12#13|)))
      (a!3 (=> |P11!b_anon1_Else_ok!7#13|
               (and (not |P11!pycorral_error!5#13|)
                    (= |P11!g@anon1!13#13| (- |P11!g!4#13| 2))
                    (= |P11!pycorral_error@anon1!14#13|
                       |P11!pycorral_error!5#13|)
                    |P11!b_anon1!15#13|)))
      (a!4 (and (not |P11!c!1#13|)
                |P11!call0_P12!3#13|
                (or (and (= |P11!g@error_return!16#13| |P11!g!4#13|)
                         (= |P11!pycorral_error@error_return!17#13|
                            |P11!pycorral_error!5#13|)
                         |P11!b_error_return!18#13|)
                    |P11!b_anon1_Else_ok!7#13|))))
  (and (=> |P11!b_error_return!18#13|
           (and |P11!pycorral_error@error_return!17#13|
                (= |P11!iface2#13| |P11!g@error_return!16#13|)
                (= |P11!iface3#13| |P11!pycorral_error@error_return!17#13|)))
       (=> |P11!b_anon1!15#13|
           (and (= |P11!iface2#13| |P11!g@anon1!13#13|)
                (= |P11!iface3#13| |P11!pycorral_error@anon1!14#13|)))
       a!1
       (=> |P11!b_anon1_Then!11#13| a!2)
       a!3
       (=> |P11!b_anon1_Else!6#13| a!4)
       (=> |P11!b_anon0!2#13|
           (or |P11!b_anon1_Then!11#13| |P11!b_anon1_Else!6#13|)))))
(assert (=> |P10!call0_P11!3#12|
    (and |P11!b_anon0!2#13|
         (= (+ |P10!iface0#12| 2) |P11!iface0#13|)
         (= |P10!iface1#12| |P11!iface1#13|)
         (= |P10!g!4#12| |P11!iface2#13|)
         (= |P10!pycorral_error!5#12| |P11!iface3#13|))))
(assert (=> |P10!call1_P11!8#12|
    (and |P11!b_anon0!2#13|
         (= (+ |P10!iface0#12| 1) |P11!iface0#13|)
         (= |P10!iface1#12| |P11!iface1#13|)
         (= |P10!g!9#12| |P11!iface2#13|)
         (= |P10!pycorral_error!10#12| |P11!iface3#13|))))
(assert (let ((a!1 (=> |P12!b_anon1_Then_ok!12#14|
               (and (not |P12!pycorral_error!10#14|)
                    (= |P12!g@anon1!13#14| (- |P12!g!9#14| 1))
                    (= |P12!pycorral_error@anon1!14#14|
                       |P12!pycorral_error!10#14|)
                    |P12!b_anon1!15#14|)))
      (a!2 (and |P12!c!1#14|
                |P12!call1_P13!8#14|
                (or (and (= |P12!g@error_return!16#14| |P12!g!9#14|)
                         (= |P12!pycorral_error@error_return!17#14|
                            |P12!pycorral_error!10#14|)
                         |P12!b_error_return!18#14|)
                    |P12!b_anon1_Then_ok!12#14|)))
      (a!3 (=> |P12!b_anon1_Else_ok!7#14|
               (and (not |P12!pycorral_error!5#14|)
                    (= |P12!g@anon1!13#14| (- |P12!g!4#14| 2))
                    (= |P12!pycorral_error@anon1!14#14|
                       |P12!pycorral_error!5#14|)
                    |P12!b_anon1!15#14|)))
      (a!4 (and (not |P12!c!1#14|)
                |P12!call0_P13!3#14|
                (or (and (= |P12!g@error_return!16#14| |P12!g!4#14|)
                         (= |P12!pycorral_error@error_return!17#14|
                            |P12!pycorral_error!5#14|)
                         |P12!b_error_return!18#14|)
                    |P12!b_anon1_Else_ok!7#14|))))
  (and (=> |P12!b_error_return!18#14|
           (and |P12!pycorral_error@error_return!17#14|
                (= |P12!iface2#14| |P12!g@error_return!16#14|)
                (= |P12!iface3#14| |P12!pycorral_error@error_return!17#14|)))
       (=> |P12!b_anon1!15#14|
           (and (= |P12!iface2#14| |P12!g@anon1!13#14|)
                (= |P12!iface3#14| |P12!pycorral_error@anon1!14#14|)))
       a!1
       (=> |P12!b_anon1_Then!11#14| a!2)
       a!3
       (=> |P12!b_anon1_Else!6#14| a!4)
       (=> |P12!b_anon0!2#14|
           (or |P12!b_anon1_Then!11#14| |P12!b_anon1_Else!6#14|)))))
(assert (=> |P11!call0_P12!3#13|
    (and |P12!b_anon0!2#14|
         (= (+ |P11!iface0#13| 2) |P12!iface0#14|)
         (= |P11!iface1#13| |P12!iface1#14|)
         (= |P11!g!4#13| |P12!iface2#14|)
         (= |P11!pycorral_error!5#13| |P12!iface3#14|))))
(assert (let ((a!1 (=> |P13!b_anon1_Then_ok!12#15|
               (and (not |P13!pycorral_error!10#15|)
                    (= |P13!g@anon1!13#15| (- |P13!g!9#15| 1))
                    (= |P13!pycorral_error@anon1!14#15|
                       |P13!pycorral_error!10#15|)
                    |P13!b_anon1!15#15|)))
      (a!2 (and |P13!c!1#15|
                |P13!call1_P14!8#15|
                (or (and (= |P13!g@error_return!16#15| |P13!g!9#15|)
                         (= |P13!pycorral_error@error_return!17#15|
                            |P13!pycorral_error!10#15|)
                         |P13!b_error_return!18#15|)
                    |P13!b_anon1_Then_ok!12#15|)))
      (a!3 (=> |P13!b_anon1_Else_ok!7#15|
               (and (not |P13!pycorral_error!5#15|)
                    (= |P13!g@anon1!13#15| (- |P13!g!4#15| 2))
                    (= |P13!pycorral_error@anon1!14#15|
                       |P13!pycorral_error!5#15|)
                    |P13!b_anon1!15#15|)))
      (a!4 (and (not |P13!c!1#15|)
                |P13!call0_P14!3#15|
                (or (and (= |P13!g@error_return!16#15| |P13!g!4#15|)
                         (= |P13!pycorral_error@error_return!17#15|
                            |P13!pycorral_error!5#15|)
                         |P13!b_error_return!18#15|)
                    |P13!b_anon1_Else_ok!7#15|))))
  (and (=> |P13!b_error_return!18#15|
           (and |P13!pycorral_error@error_return!17#15|
                (= |P13!iface2#15| |P13!g@error_return!16#15|)
                (= |P13!iface3#15| |P13!pycorral_error@error_return!17#15|)))
       (=> |P13!b_anon1!15#15|
           (and (= |P13!iface2#15| |P13!g@anon1!13#15|)
                (= |P13!iface3#15| |P13!pycorral_error@anon1!14#15|)))
       a!1
       (=> |P13!b_anon1_Then!11#15| a!2)
       a!3
       (=> |P13!b_anon1_Else!6#15| a!4)
       (=> |P13!b_anon0!2#15|
           (or |P13!b_anon1_Then!11#15| |P13!b_anon1_Else!6#15|)))))
(assert (=> |P12!call1_P13!8#14|
    (and |P13!b_anon0!2#15|
         (= (+ |P12!iface0#14| 1) |P13!iface0#15|)
         (= |P12!iface1#14| |P13!iface1#15|)
         (= |P12!g!9#14| |P13!iface2#15|)
         (= |P12!pycorral_error!10#14| |P13!iface3#15|))))
(assert (let ((a!1 (=> |P14!b_anon1_Then_ok!12#16|
               (and (not |P14!pycorral_error!10#16|)
                    (= |P14!g@anon1!13#16| (- |P14!g!9#16| 1))
                    (= |P14!pycorral_error@anon1!14#16|
                       |P14!pycorral_error!10#16|)
                    |P14!b_anon1!15#16|)))
      (a!2 (and |P14!c!1#16|
                |P14!call1_P15!8#16|
                (or (and (= |P14!g@error_return!16#16| |P14!g!9#16|)
                         (= |P14!pycorral_error@error_return!17#16|
                            |P14!pycorral_error!10#16|)
                         |P14!b_error_return!18#16|)
                    |P14!b_anon1_Then_ok!12#16|)))
      (a!3 (=> |P14!b_anon1_Else_ok!7#16|
               (and (not |P14!pycorral_error!5#16|)
                    (= |P14!g@anon1!13#16| (- |P14!g!4#16| 2))
                    (= |P14!pycorral_error@anon1!14#16|
                       |P14!pycorral_error!5#16|)
                    |P14!b_anon1!15#16|)))
      (a!4 (and (not |P14!c!1#16|)
                |P14!call0_P15!3#16|
                (or (and (= |P14!g@error_return!16#16| |P14!g!4#16|)
                         (= |P14!pycorral_error@error_return!17#16|
                            |P14!pycorral_error!5#16|)
                         |P14!b_error_return!18#16|)
                    |P14!b_anon1_Else_ok!7#16|))))
  (and (=> |P14!b_error_return!18#16|
           (and |P14!pycorral_error@error_return!17#16|
                (= |P14!iface2#16| |P14!g@error_return!16#16|)
                (= |P14!iface3#16| |P14!pycorral_error@error_return!17#16|)))
       (=> |P14!b_anon1!15#16|
           (and (= |P14!iface2#16| |P14!g@anon1!13#16|)
                (= |P14!iface3#16| |P14!pycorral_error@anon1!14#16|)))
       a!1
       (=> |P14!b_anon1_Then!11#16| a!2)
       a!3
       (=> |P14!b_anon1_Else!6#16| a!4)
       (=> |P14!b_anon0!2#16|
           (or |P14!b_anon1_Then!11#16| |P14!b_anon1_Else!6#16|)))))
(assert (=> |P13!call0_P14!3#15|
    (and |P14!b_anon0!2#16|
         (= (+ |P13!iface0#15| 2) |P14!iface0#16|)
         (= |P13!iface1#15| |P14!iface1#16|)
         (= |P13!g!4#15| |P14!iface2#16|)
         (= |P13!pycorral_error!5#15| |P14!iface3#16|))))
(assert (=> |P7!call1_P8!8#9|
    (and |P8!b_anon0!2#10|
         (= (+ |P7!iface0#9| 1) |P8!iface0#10|)
         (= |P7!iface1#9| |P8!iface1#10|)
         (= |P7!g!9#9| |P8!iface2#10|)
         (= |P7!pycorral_error!10#9| |P8!iface3#10|))))
(assert (=> |P11!call1_P12!8#13|
    (and |P12!b_anon0!2#14|
         (= (+ |P11!iface0#13| 1) |P12!iface0#14|)
         (= |P11!iface1#13| |P12!iface1#14|)
         (= |P11!g!9#13| |P12!iface2#14|)
         (= |P11!pycorral_error!10#13| |P12!iface3#14|))))
(assert (=> |P13!call1_P14!8#15|
    (and |P14!b_anon0!2#16|
         (= (+ |P13!iface0#15| 1) |P14!iface0#16|)
         (= |P13!iface1#15| |P14!iface1#16|)
         (= |P13!g!9#15| |P14!iface2#16|)
         (= |P13!pycorral_error!10#15| |P14!iface3#16|))))
(assert (=> |P6!call1_P7!8#8|
    (and |P7!b_anon0!2#9|
         (= (+ |P6!iface0#8| 1) |P7!iface0#9|)
         (= |P6!iface1#8| |P7!iface1#9|)
         (= |P6!g!9#8| |P7!iface2#9|)
         (= |P6!pycorral_error!10#8| |P7!iface3#9|))))
(assert (=> |P12!call0_P13!3#14|
    (and |P13!b_anon0!2#15|
         (= (+ |P12!iface0#14| 2) |P13!iface0#15|)
         (= |P12!iface1#14| |P13!iface1#15|)
         (= |P12!g!4#14| |P13!iface2#15|)
         (= |P12!pycorral_error!5#14| |P13!iface3#15|))))
(assert (let ((a!1 (=> |P15!b_anon1_Then_ok!12#17|
               (and (not |P15!pycorral_error!10#17|)
                    (= |P15!g@anon1!13#17| (- |P15!g!9#17| 1))
                    (= |P15!pycorral_error@anon1!14#17|
                       |P15!pycorral_error!10#17|)
                    |P15!b_anon1!15#17|)))
      (a!2 (and |P15!c!1#17|
                |P15!call1_P16!8#17|
                (or (and (= |P15!g@error_return!16#17| |P15!g!9#17|)
                         (= |P15!pycorral_error@error_return!17#17|
                            |P15!pycorral_error!10#17|)
                         |P15!b_error_return!18#17|)
                    |P15!b_anon1_Then_ok!12#17|)))
      (a!3 (=> |P15!b_anon1_Else_ok!7#17|
               (and (not |P15!pycorral_error!5#17|)
                    (= |P15!g@anon1!13#17| (- |P15!g!4#17| 2))
                    (= |P15!pycorral_error@anon1!14#17|
                       |P15!pycorral_error!5#17|)
                    |P15!b_anon1!15#17|)))
      (a!4 (and (not |P15!c!1#17|)
                |P15!call0_P16!3#17|
                (or (and (= |P15!g@error_return!16#17| |P15!g!4#17|)
                         (= |P15!pycorral_error@error_return!17#17|
                            |P15!pycorral_error!5#17|)
                         |P15!b_error_return!18#17|)
                    |P15!b_anon1_Else_ok!7#17|))))
  (and (=> |P15!b_error_return!18#17|
           (and |P15!pycorral_error@error_return!17#17|
                (= |P15!iface2#17| |P15!g@error_return!16#17|)
                (= |P15!iface3#17| |P15!pycorral_error@error_return!17#17|)))
       (=> |P15!b_anon1!15#17|
           (and (= |P15!iface2#17| |P15!g@anon1!13#17|)
                (= |P15!iface3#17| |P15!pycorral_error@anon1!14#17|)))
       a!1
       (=> |P15!b_anon1_Then!11#17| a!2)
       a!3
       (=> |P15!b_anon1_Else!6#17| a!4)
       (=> |P15!b_anon0!2#17|
           (or |P15!b_anon1_Then!11#17| |P15!b_anon1_Else!6#17|)))))
(assert (=> |P14!call0_P15!3#16|
    (and |P15!b_anon0!2#17|
         (= (+ |P14!iface0#16| 2) |P15!iface0#17|)
         (= |P14!iface1#16| |P15!iface1#17|)
         (= |P14!g!4#16| |P15!iface2#17|)
         (= |P14!pycorral_error!5#16| |P15!iface3#17|))))
(assert (let ((a!1 (=> |P16!b_anon1_Then_ok!12#18|
               (and (not |P16!pycorral_error!10#18|)
                    (= |P16!g@anon1!13#18| (- |P16!g!9#18| 1))
                    (= |P16!pycorral_error@anon1!14#18|
                       |P16!pycorral_error!10#18|)
                    |P16!b_anon1!15#18|)))
      (a!2 (and |P16!c!1#18|
                |P16!call1_P17!8#18|
                (or (and (= |P16!g@error_return!16#18| |P16!g!9#18|)
                         (= |P16!pycorral_error@error_return!17#18|
                            |P16!pycorral_error!10#18|)
                         |P16!b_error_return!18#18|)
                    |P16!b_anon1_Then_ok!12#18|)))
      (a!3 (=> |P16!b_anon1_Else_ok!7#18|
               (and (not |P16!pycorral_error!5#18|)
                    (= |P16!g@anon1!13#18| (- |P16!g!4#18| 2))
                    (= |P16!pycorral_error@anon1!14#18|
                       |P16!pycorral_error!5#18|)
                    |P16!b_anon1!15#18|)))
      (a!4 (and (not |P16!c!1#18|)
                |P16!call0_P17!3#18|
                (or (and (= |P16!g@error_return!16#18| |P16!g!4#18|)
                         (= |P16!pycorral_error@error_return!17#18|
                            |P16!pycorral_error!5#18|)
                         |P16!b_error_return!18#18|)
                    |P16!b_anon1_Else_ok!7#18|))))
  (and (=> |P16!b_error_return!18#18|
           (and |P16!pycorral_error@error_return!17#18|
                (= |P16!iface2#18| |P16!g@error_return!16#18|)
                (= |P16!iface3#18| |P16!pycorral_error@error_return!17#18|)))
       (=> |P16!b_anon1!15#18|
           (and (= |P16!iface2#18| |P16!g@anon1!13#18|)
                (= |P16!iface3#18| |P16!pycorral_error@anon1!14#18|)))
       a!1
       (=> |P16!b_anon1_Then!11#18| a!2)
       a!3
       (=> |P16!b_anon1_Else!6#18| a!4)
       (=> |P16!b_anon0!2#18|
           (or |P16!b_anon1_Then!11#18| |P16!b_anon1_Else!6#18|)))))
(assert (=> |P15!call1_P16!8#17|
    (and |P16!b_anon0!2#18|
         (= (+ |P15!iface0#17| 1) |P16!iface0#18|)
         (= |P15!iface1#17| |P16!iface1#18|)
         (= |P15!g!9#17| |P16!iface2#18|)
         (= |P15!pycorral_error!10#17| |P16!iface3#18|))))
(assert (=> |P14!call1_P15!8#16|
    (and |P15!b_anon0!2#17|
         (= (+ |P14!iface0#16| 1) |P15!iface0#17|)
         (= |P14!iface1#16| |P15!iface1#17|)
         (= |P14!g!9#16| |P15!iface2#17|)
         (= |P14!pycorral_error!10#16| |P15!iface3#17|))))
(assert (let ((a!1 (=> |P17!b_anon1_Then_ok!12#19|
               (and (not |P17!pycorral_error!10#19|)
                    (= |P17!g@anon1!13#19| (- |P17!g!9#19| 1))
                    (= |P17!pycorral_error@anon1!14#19|
                       |P17!pycorral_error!10#19|)
                    |P17!b_anon1!15#19|)))
      (a!2 (and |P17!c!1#19|
                |P17!call1_P18!8#19|
                (or (and (= |P17!g@error_return!16#19| |P17!g!9#19|)
                         (= |P17!pycorral_error@error_return!17#19|
                            |P17!pycorral_error!10#19|)
                         |P17!b_error_return!18#19|)
                    |P17!b_anon1_Then_ok!12#19|)))
      (a!3 (=> |P17!b_anon1_Else_ok!7#19|
               (and (not |P17!pycorral_error!5#19|)
                    (= |P17!g@anon1!13#19| (- |P17!g!4#19| 2))
                    (= |P17!pycorral_error@anon1!14#19|
                       |P17!pycorral_error!5#19|)
                    |P17!b_anon1!15#19|)))
      (a!4 (and (not |P17!c!1#19|)
                |P17!call0_P18!3#19|
                (or (and (= |P17!g@error_return!16#19| |P17!g!4#19|)
                         (= |P17!pycorral_error@error_return!17#19|
                            |P17!pycorral_error!5#19|)
                         |P17!b_error_return!18#19|)
                    |P17!b_anon1_Else_ok!7#19|))))
  (and (=> |P17!b_error_return!18#19|
           (and |P17!pycorral_error@error_return!17#19|
                (= |P17!iface2#19| |P17!g@error_return!16#19|)
                (= |P17!iface3#19| |P17!pycorral_error@error_return!17#19|)))
       (=> |P17!b_anon1!15#19|
           (and (= |P17!iface2#19| |P17!g@anon1!13#19|)
                (= |P17!iface3#19| |P17!pycorral_error@anon1!14#19|)))
       a!1
       (=> |P17!b_anon1_Then!11#19| a!2)
       a!3
       (=> |P17!b_anon1_Else!6#19| a!4)
       (=> |P17!b_anon0!2#19|
           (or |P17!b_anon1_Then!11#19| |P17!b_anon1_Else!6#19|)))))
(assert (=> |P16!call1_P17!8#18|
    (and |P17!b_anon0!2#19|
         (= (+ |P16!iface0#18| 1) |P17!iface0#19|)
         (= |P16!iface1#18| |P17!iface1#19|)
         (= |P16!g!9#18| |P17!iface2#19|)
         (= |P16!pycorral_error!10#18| |P17!iface3#19|))))
(assert (let ((a!1 (=> |P18!b_anon1_Then_ok!12#20|
               (and (not |P18!pycorral_error!10#20|)
                    (= |P18!g@anon1!13#20| (- |P18!g!9#20| 1))
                    (= |P18!pycorral_error@anon1!14#20|
                       |P18!pycorral_error!10#20|)
                    |P18!b_anon1!15#20|)))
      (a!2 (and |P18!c!1#20|
                |P18!call1_P19!8#20|
                (or (and (= |P18!g@error_return!16#20| |P18!g!9#20|)
                         (= |P18!pycorral_error@error_return!17#20|
                            |P18!pycorral_error!10#20|)
                         |P18!b_error_return!18#20|)
                    |P18!b_anon1_Then_ok!12#20|)))
      (a!3 (=> |P18!b_anon1_Else_ok!7#20|
               (and (not |P18!pycorral_error!5#20|)
                    (= |P18!g@anon1!13#20| (- |P18!g!4#20| 2))
                    (= |P18!pycorral_error@anon1!14#20|
                       |P18!pycorral_error!5#20|)
                    |P18!b_anon1!15#20|)))
      (a!4 (and (not |P18!c!1#20|)
                |P18!call0_P19!3#20|
                (or (and (= |P18!g@error_return!16#20| |P18!g!4#20|)
                         (= |P18!pycorral_error@error_return!17#20|
                            |P18!pycorral_error!5#20|)
                         |P18!b_error_return!18#20|)
                    |P18!b_anon1_Else_ok!7#20|))))
  (and (=> |P18!b_error_return!18#20|
           (and |P18!pycorral_error@error_return!17#20|
                (= |P18!iface2#20| |P18!g@error_return!16#20|)
                (= |P18!iface3#20| |P18!pycorral_error@error_return!17#20|)))
       (=> |P18!b_anon1!15#20|
           (and (= |P18!iface2#20| |P18!g@anon1!13#20|)
                (= |P18!iface3#20| |P18!pycorral_error@anon1!14#20|)))
       a!1
       (=> |P18!b_anon1_Then!11#20| a!2)
       a!3
       (=> |P18!b_anon1_Else!6#20| a!4)
       (=> |P18!b_anon0!2#20|
           (or |P18!b_anon1_Then!11#20| |P18!b_anon1_Else!6#20|)))))
(assert (=> |P17!call0_P18!3#19|
    (and |P18!b_anon0!2#20|
         (= (+ |P17!iface0#19| 2) |P18!iface0#20|)
         (= |P17!iface1#19| |P18!iface1#20|)
         (= |P17!g!4#19| |P18!iface2#20|)
         (= |P17!pycorral_error!5#19| |P18!iface3#20|))))
(assert (=> |P17!call1_P18!8#19|
    (and |P18!b_anon0!2#20|
         (= (+ |P17!iface0#19| 1) |P18!iface0#20|)
         (= |P17!iface1#19| |P18!iface1#20|)
         (= |P17!g!9#19| |P18!iface2#20|)
         (= |P17!pycorral_error!10#19| |P18!iface3#20|))))
(assert (let ((a!1 (=> |P19!b_anon1_Then_ok!12#21|
               (and (not |P19!pycorral_error!10#21|)
                    (= |P19!g@anon1!13#21| (- |P19!g!9#21| 1))
                    (= |P19!pycorral_error@anon1!14#21|
                       |P19!pycorral_error!10#21|)
                    |P19!b_anon1!15#21|)))
      (a!2 (and |P19!c!1#21|
                |P19!call1_P20!8#21|
                (or (and (= |P19!g@error_return!16#21| |P19!g!9#21|)
                         (= |P19!pycorral_error@error_return!17#21|
                            |P19!pycorral_error!10#21|)
                         |P19!b_error_return!18#21|)
                    |P19!b_anon1_Then_ok!12#21|)))
      (a!3 (=> |P19!b_anon1_Else_ok!7#21|
               (and (not |P19!pycorral_error!5#21|)
                    (= |P19!g@anon1!13#21| (- |P19!g!4#21| 2))
                    (= |P19!pycorral_error@anon1!14#21|
                       |P19!pycorral_error!5#21|)
                    |P19!b_anon1!15#21|)))
      (a!4 (and (not |P19!c!1#21|)
                |P19!call0_P20!3#21|
                (or (and (= |P19!g@error_return!16#21| |P19!g!4#21|)
                         (= |P19!pycorral_error@error_return!17#21|
                            |P19!pycorral_error!5#21|)
                         |P19!b_error_return!18#21|)
                    |P19!b_anon1_Else_ok!7#21|))))
  (and (=> |P19!b_error_return!18#21|
           (and |P19!pycorral_error@error_return!17#21|
                (= |P19!iface2#21| |P19!g@error_return!16#21|)
                (= |P19!iface3#21| |P19!pycorral_error@error_return!17#21|)))
       (=> |P19!b_anon1!15#21|
           (and (= |P19!iface2#21| |P19!g@anon1!13#21|)
                (= |P19!iface3#21| |P19!pycorral_error@anon1!14#21|)))
       a!1
       (=> |P19!b_anon1_Then!11#21| a!2)
       a!3
       (=> |P19!b_anon1_Else!6#21| a!4)
       (=> |P19!b_anon0!2#21|
           (or |P19!b_anon1_Then!11#21| |P19!b_anon1_Else!6#21|)))))
(assert (=> |P18!call1_P19!8#20|
    (and |P19!b_anon0!2#21|
         (= (+ |P18!iface0#20| 1) |P19!iface0#21|)
         (= |P18!iface1#20| |P19!iface1#21|)
         (= |P18!g!9#20| |P19!iface2#21|)
         (= |P18!pycorral_error!10#20| |P19!iface3#21|))))
(assert (=> |P16!call0_P17!3#18|
    (and |P17!b_anon0!2#19|
         (= (+ |P16!iface0#18| 2) |P17!iface0#19|)
         (= |P16!iface1#18| |P17!iface1#19|)
         (= |P16!g!4#18| |P17!iface2#19|)
         (= |P16!pycorral_error!5#18| |P17!iface3#19|))))
(assert (let ((a!1 (=> |P20!b_anon1_Then_ok!12#22|
               (and (not |P20!pycorral_error!10#22|)
                    (= |P20!g@anon1!13#22| (- |P20!g!9#22| 1))
                    (= |P20!pycorral_error@anon1!14#22|
                       |P20!pycorral_error!10#22|)
                    |P20!b_anon1!15#22|)))
      (a!2 (and |P20!c!1#22|
                |P20!call1_P21!8#22|
                (or (and (= |P20!g@error_return!16#22| |P20!g!9#22|)
                         (= |P20!pycorral_error@error_return!17#22|
                            |P20!pycorral_error!10#22|)
                         |P20!b_error_return!18#22|)
                    |P20!b_anon1_Then_ok!12#22|)))
      (a!3 (=> |P20!b_anon1_Else_ok!7#22|
               (and (not |P20!pycorral_error!5#22|)
                    (= |P20!g@anon1!13#22| (- |P20!g!4#22| 2))
                    (= |P20!pycorral_error@anon1!14#22|
                       |P20!pycorral_error!5#22|)
                    |P20!b_anon1!15#22|)))
      (a!4 (and (not |P20!c!1#22|)
                |P20!call0_P21!3#22|
                (or (and (= |P20!g@error_return!16#22| |P20!g!4#22|)
                         (= |P20!pycorral_error@error_return!17#22|
                            |P20!pycorral_error!5#22|)
                         |P20!b_error_return!18#22|)
                    |P20!b_anon1_Else_ok!7#22|))))
  (and (=> |P20!b_error_return!18#22|
           (and |P20!pycorral_error@error_return!17#22|
                (= |P20!iface2#22| |P20!g@error_return!16#22|)
                (= |P20!iface3#22| |P20!pycorral_error@error_return!17#22|)))
       (=> |P20!b_anon1!15#22|
           (and (= |P20!iface2#22| |P20!g@anon1!13#22|)
                (= |P20!iface3#22| |P20!pycorral_error@anon1!14#22|)))
       a!1
       (=> |P20!b_anon1_Then!11#22| a!2)
       a!3
       (=> |P20!b_anon1_Else!6#22| a!4)
       (=> |P20!b_anon0!2#22|
           (or |P20!b_anon1_Then!11#22| |P20!b_anon1_Else!6#22|)))))
(assert (=> |P19!call1_P20!8#21|
    (and |P20!b_anon0!2#22|
         (= (+ |P19!iface0#21| 1) |P20!iface0#22|)
         (= |P19!iface1#21| |P20!iface1#22|)
         (= |P19!g!9#21| |P20!iface2#22|)
         (= |P19!pycorral_error!10#21| |P20!iface3#22|))))
(assert (=> |P19!call0_P20!3#21|
    (and |P20!b_anon0!2#22|
         (= (+ |P19!iface0#21| 2) |P20!iface0#22|)
         (= |P19!iface1#21| |P20!iface1#22|)
         (= |P19!g!4#21| |P20!iface2#22|)
         (= |P19!pycorral_error!5#21| |P20!iface3#22|))))
(assert (let ((a!1 (=> |P21!b_anon1_Then_ok!12#23|
               (and (not |P21!pycorral_error!10#23|)
                    (= |P21!g@anon1!13#23| (- |P21!g!9#23| 1))
                    (= |P21!pycorral_error@anon1!14#23|
                       |P21!pycorral_error!10#23|)
                    |P21!b_anon1!15#23|)))
      (a!2 (and |P21!c!1#23|
                |P21!call1_P22!8#23|
                (or (and (= |P21!g@error_return!16#23| |P21!g!9#23|)
                         (= |P21!pycorral_error@error_return!17#23|
                            |P21!pycorral_error!10#23|)
                         |P21!b_error_return!18#23|)
                    |P21!b_anon1_Then_ok!12#23|)))
      (a!3 (=> |P21!b_anon1_Else_ok!7#23|
               (and (not |P21!pycorral_error!5#23|)
                    (= |P21!g@anon1!13#23| (- |P21!g!4#23| 2))
                    (= |P21!pycorral_error@anon1!14#23|
                       |P21!pycorral_error!5#23|)
                    |P21!b_anon1!15#23|)))
      (a!4 (and (not |P21!c!1#23|)
                |P21!call0_P22!3#23|
                (or (and (= |P21!g@error_return!16#23| |P21!g!4#23|)
                         (= |P21!pycorral_error@error_return!17#23|
                            |P21!pycorral_error!5#23|)
                         |P21!b_error_return!18#23|)
                    |P21!b_anon1_Else_ok!7#23|))))
  (and (=> |P21!b_error_return!18#23|
           (and |P21!pycorral_error@error_return!17#23|
                (= |P21!iface2#23| |P21!g@error_return!16#23|)
                (= |P21!iface3#23| |P21!pycorral_error@error_return!17#23|)))
       (=> |P21!b_anon1!15#23|
           (and (= |P21!iface2#23| |P21!g@anon1!13#23|)
                (= |P21!iface3#23| |P21!pycorral_error@anon1!14#23|)))
       a!1
       (=> |P21!b_anon1_Then!11#23| a!2)
       a!3
       (=> |P21!b_anon1_Else!6#23| a!4)
       (=> |P21!b_anon0!2#23|
           (or |P21!b_anon1_Then!11#23| |P21!b_anon1_Else!6#23|)))))
(assert (=> |P20!call0_P21!3#22|
    (and |P21!b_anon0!2#23|
         (= (+ |P20!iface0#22| 2) |P21!iface0#23|)
         (= |P20!iface1#22| |P21!iface1#23|)
         (= |P20!g!4#22| |P21!iface2#23|)
         (= |P20!pycorral_error!5#22| |P21!iface3#23|))))
(assert (=> |P18!call0_P19!3#20|
    (and |P19!b_anon0!2#21|
         (= (+ |P18!iface0#20| 2) |P19!iface0#21|)
         (= |P18!iface1#20| |P19!iface1#21|)
         (= |P18!g!4#20| |P19!iface2#21|)
         (= |P18!pycorral_error!5#20| |P19!iface3#21|))))
(assert (=> |P15!call0_P16!3#17|
    (and |P16!b_anon0!2#18|
         (= (+ |P15!iface0#17| 2) |P16!iface0#18|)
         (= |P15!iface1#17| |P16!iface1#18|)
         (= |P15!g!4#17| |P16!iface2#18|)
         (= |P15!pycorral_error!5#17| |P16!iface3#18|))))
(assert (=> |P20!call1_P21!8#22|
    (and |P21!b_anon0!2#23|
         (= (+ |P20!iface0#22| 1) |P21!iface0#23|)
         (= |P20!iface1#22| |P21!iface1#23|)
         (= |P20!g!9#22| |P21!iface2#23|)
         (= |P20!pycorral_error!10#22| |P21!iface3#23|))))
(assert (let ((a!1 (=> |P22!b_anon1_Then_ok!12#24|
               (and (not |P22!pycorral_error!10#24|)
                    (= |P22!g@anon1!13#24| (- |P22!g!9#24| 1))
                    (= |P22!pycorral_error@anon1!14#24|
                       |P22!pycorral_error!10#24|)
                    |P22!b_anon1!15#24|)))
      (a!2 (and |P22!c!1#24|
                |P22!call1_P23!8#24|
                (or (and (= |P22!g@error_return!16#24| |P22!g!9#24|)
                         (= |P22!pycorral_error@error_return!17#24|
                            |P22!pycorral_error!10#24|)
                         |P22!b_error_return!18#24|)
                    |P22!b_anon1_Then_ok!12#24|)))
      (a!3 (=> |P22!b_anon1_Else_ok!7#24|
               (and (not |P22!pycorral_error!5#24|)
                    (= |P22!g@anon1!13#24| (- |P22!g!4#24| 2))
                    (= |P22!pycorral_error@anon1!14#24|
                       |P22!pycorral_error!5#24|)
                    |P22!b_anon1!15#24|)))
      (a!4 (and (not |P22!c!1#24|)
                |P22!call0_P23!3#24|
                (or (and (= |P22!g@error_return!16#24| |P22!g!4#24|)
                         (= |P22!pycorral_error@error_return!17#24|
                            |P22!pycorral_error!5#24|)
                         |P22!b_error_return!18#24|)
                    |P22!b_anon1_Else_ok!7#24|))))
  (and (=> |P22!b_error_return!18#24|
           (and |P22!pycorral_error@error_return!17#24|
                (= |P22!iface2#24| |P22!g@error_return!16#24|)
                (= |P22!iface3#24| |P22!pycorral_error@error_return!17#24|)))
       (=> |P22!b_anon1!15#24|
           (and (= |P22!iface2#24| |P22!g@anon1!13#24|)
                (= |P22!iface3#24| |P22!pycorral_error@anon1!14#24|)))
       a!1
       (=> |P22!b_anon1_Then!11#24| a!2)
       a!3
       (=> |P22!b_anon1_Else!6#24| a!4)
       (=> |P22!b_anon0!2#24|
           (or |P22!b_anon1_Then!11#24| |P22!b_anon1_Else!6#24|)))))
(assert (=> |P21!call1_P22!8#23|
    (and |P22!b_anon0!2#24|
         (= (+ |P21!iface0#23| 1) |P22!iface0#24|)
         (= |P21!iface1#23| |P22!iface1#24|)
         (= |P21!g!9#23| |P22!iface2#24|)
         (= |P21!pycorral_error!10#23| |P22!iface3#24|))))
(assert (=> |P21!call0_P22!3#23|
    (and |P22!b_anon0!2#24|
         (= (+ |P21!iface0#23| 2) |P22!iface0#24|)
         (= |P21!iface1#23| |P22!iface1#24|)
         (= |P21!g!4#23| |P22!iface2#24|)
         (= |P21!pycorral_error!5#23| |P22!iface3#24|))))
(assert (let ((a!1 (and (not |P23!pycorral_error!8#25|)
                (= |P23!g@anon1!11#25| (- (+ |P23!iface0#25| 1) 1))
                (= |P23!pycorral_error@anon1!12#25| |P23!pycorral_error!8#25|)
                |P23!b_anon1!13#25|))
      (a!2 (or (and (= |P23!g@error_return!14#25| (+ |P23!iface0#25| 1))
                    (= |P23!pycorral_error@error_return!15#25|
                       |P23!pycorral_error!8#25|)
                    |P23!b_error_return!16#25|)
               |P23!b_anon1_Then_ok!10#25|))
      (a!3 (and (not |P23!pycorral_error!4#25|)
                (= |P23!g@anon1!11#25| (- (+ |P23!iface0#25| 2) 1))
                (= |P23!pycorral_error@anon1!12#25| |P23!pycorral_error!4#25|)
                |P23!b_anon1!13#25|))
      (a!4 (or (and (= |P23!g@error_return!14#25| (+ |P23!iface0#25| 2))
                    (= |P23!pycorral_error@error_return!15#25|
                       |P23!pycorral_error!4#25|)
                    |P23!b_error_return!16#25|)
               |P23!b_anon1_Else_ok!6#25|)))
  (and (=> |P23!b_error_return!16#25|
           (and |P23!pycorral_error@error_return!15#25|
                (= |P23!iface2#25| |P23!g@error_return!14#25|)
                (= |P23!iface3#25| |P23!pycorral_error@error_return!15#25|)))
       (=> |P23!b_anon1!13#25|
           (and (= |P23!iface2#25| |P23!g@anon1!11#25|)
                (= |P23!iface3#25| |P23!pycorral_error@anon1!12#25|)))
       (=> |P23!b_anon1_Then_ok!10#25| a!1)
       (=> |P23!b_anon1_Then!9#25| (and |P23!c!1#25| |P23!call1_P24!7#25| a!2))
       (=> |P23!b_anon1_Else_ok!6#25| a!3)
       (=> |P23!b_anon1_Else!5#25|
           (and (not |P23!c!1#25|) |P23!call0_P24!3#25| a!4))
       (=> |P23!b_anon0!2#25|
           (or |P23!b_anon1_Then!9#25| |P23!b_anon1_Else!5#25|)))))
(assert (=> |P22!call0_P23!3#24|
    (and |P23!b_anon0!2#25|
         (= (+ |P22!iface0#24| 2) |P23!iface0#25|)
         (= |P22!iface1#24| |P23!iface1#25|)
         (= |P22!g!4#24| |P23!iface2#25|)
         (= |P22!pycorral_error!5#24| |P23!iface3#25|))))
(assert (let ((a!1 (and (not (<= 0 |P24!iface0#26|))
                (= |P24!iface2#26| (not (<= 0 |P24!iface0#26|)))))
      (a!2 (and (not (not (<= 0 |P24!iface0#26|)))
                (= |P24!iface2#26| (not (<= 0 |P24!iface0#26|))))))
  (and (=> |P24!b_error_return!3#26| a!1)
       (=> |P24!b_anon0_ok!2#26| a!2)
       (=> |P24!b_anon0!1#26|
           (or |P24!b_error_return!3#26| |P24!b_anon0_ok!2#26|)))))
(assert (=> |P23!call1_P24!7#25|
    (and |P24!b_anon0!1#26|
         (= (+ |P23!iface0#25| 1) |P24!iface0#26|)
         (= |P23!iface1#25| |P24!iface1#26|)
         (= |P23!pycorral_error!8#25| |P24!iface2#26|))))
(assert (not |P22!call1_P23!8#24|))
(assert (not |P23!call0_P24!3#25|))
(check-sat)
