; calc bytecode, format 2
; source: Samples/animation/blocks.cal
.scene size 240x120 scale 1 fps 20 duration 2 background #ffffffff origin topLeft
.globals 3

.constants
  K0      rect      (0, 0, 20, 20)
  K1      point     (20, 20)
  K2      color     #264653ff
  K3      number    4
  K4      point     (20, 60)
  K5      color     #e76f51ff
  K6      number    10
  K7      point     (20, 100)
  K8      color     #2a9d8fff
  K9      number    0
  K10     number    0.5
  K11     number    0.2
  K12     timing    easeOut
  K13     number    220
  K14     number    1
  K15     timing    easeInEaseOut
  K16     number    0.3
  K17     number    200
  K18     number    1.5
  K19     timing    linear
  K20     number    0.4
  K21     number    120
  K22     transform [0.7071067811865476 0.7071067811865475 0 0, -0.7071067811865475 0.7071067811865476 0 0, 0 0 1 0, 0 0 0 1]
  K23     number    0.6
  K24     color     #e9c46aff

.layer LT0 plain "eased"
  bounds = K0                 ; (0, 0, 20, 20)
  position = K1               ; (20, 20)
  backgroundColor = K2        ; #264653ff
  cornerRadius = K3           ; 4

.layer LT1 plain "bouncy"
  bounds = K0                 ; (0, 0, 20, 20)
  position = K4               ; (20, 60)
  backgroundColor = K5        ; #e76f51ff
  cornerRadius = K6           ; 10

.layer LT2 plain "hopper"
  bounds = K0                 ; (0, 0, 20, 20)
  position = K7               ; (20, 100)
  backgroundColor = K8        ; #2a9d8fff

.function F0 "main" params 0 registers 3
  0000    6 NEWLAYER      R0, LT0             ; plain "eased"
  0001    | SETGLOBAL     R0, G0
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G0
  0004    | ADDSUBLAYER   R0, R1
  0005    7 NEWLAYER      R0, LT1             ; plain "bouncy"
  0006    | SETGLOBAL     R0, G1
  0007    | ROOT          R0
  0008    | GETGLOBAL     R1, G1
  0009    | ADDSUBLAYER   R0, R1
  0010    8 NEWLAYER      R0, LT2             ; plain "hopper"
  0011    | SETGLOBAL     R0, G2
  0012    | ROOT          R0
  0013    | GETGLOBAL     R1, G2
  0014    | ADDSUBLAYER   R0, R1
  0015   10 LOADK         R0, K9              ; 0
  0016    | NEWARRAY      R1, R2, 0
  0017    | SCHEDULE      R0, R1, F1          ; "at 0s"
  0018   24 RET

.function F1 "at 0s" params 0 registers 2
  0000   11 TXBEGIN
  0001    | LOADK         R0, K10             ; 0.5
  0002    | TXSET         R0, animationDuration
  0003    | LOADK         R0, K11             ; 0.2
  0004    | TXSET         R0, delay
  0005    | LOADK         R0, K12             ; easeOut
  0006    | TXSET         R0, animationTimingFunction
  0007    | LOADBOOL      R0, 0
  0008    | TXSET         R0, beginFromCurrentState
  0009    | NEWARRAY      R0, R1, 0
  0010    | TXCOMPLETION  R0, F2              ; "animate completion"
  0011   12 GETGLOBAL     R0, G0
  0012    | LOADK         R1, K13             ; 220
  0013    | SETPROP       R0, R1, position.x
  0014   15 TXCOMMIT
  0015   16 TXBEGIN
  0016    | LOADK         R0, K14             ; 1
  0017    | TXSET         R0, animationDuration
  0018    | LOADK         R0, K15             ; easeInEaseOut
  0019    | TXSET         R0, animationTimingFunction
  0020    | LOADBOOL      R0, 0
  0021    | TXSET         R0, beginFromCurrentState
  0022    | LOADK         R0, K16             ; 0.3
  0023    | TXSET         R0, springDampingRatio
  0024    | LOADK         R0, K9              ; 0
  0025    | TXSET         R0, springVelocity
  0026   17 GETGLOBAL     R0, G1
  0027    | LOADK         R1, K17             ; 200
  0028    | SETPROP       R0, R1, position.x
  0029   18 TXCOMMIT
  0030   19 TXBEGIN
  0031    | LOADK         R0, K18             ; 1.5
  0032    | TXSET         R0, animationDuration
  0033    | LOADBOOL      R0, 1
  0034    | TXSET         R0, keyframes
  0035    | LOADK         R0, K19             ; linear
  0036    | TXSET         R0, animationTimingFunction
  0037    | LOADBOOL      R0, 0
  0038    | TXSET         R0, beginFromCurrentState
  0039   20 TXBEGIN
  0040    | LOADK         R0, K9              ; 0
  0041    | TXSET         R0, keyframeStart
  0042    | LOADK         R0, K20             ; 0.4
  0043    | TXSET         R0, keyframeDuration
  0044    | GETGLOBAL     R0, G2
  0045    | LOADK         R1, K21             ; 120
  0046    | SETPROP       R0, R1, position.x
  0047    | TXCOMMIT
  0048   21 TXBEGIN
  0049    | LOADK         R0, K20             ; 0.4
  0050    | TXSET         R0, keyframeStart
  0051    | LOADK         R0, K11             ; 0.2
  0052    | TXSET         R0, keyframeDuration
  0053    | GETGLOBAL     R0, G2
  0054    | LOADK         R1, K22             ; [0.7071067811865476 0.7071067811865475 0 0, -0.7071067811865475 0.7071067811865476 0 0, 0 0 1 0, 0 0 0 1]
  0055    | SETPROP       R0, R1, transform
  0056    | TXCOMMIT
  0057   22 TXBEGIN
  0058    | LOADK         R0, K23             ; 0.6
  0059    | TXSET         R0, keyframeStart
  0060    | LOADK         R0, K20             ; 0.4
  0061    | TXSET         R0, keyframeDuration
  0062    | GETGLOBAL     R0, G2
  0063    | LOADK         R1, K13             ; 220
  0064    | SETPROP       R0, R1, position.x
  0065    | TXCOMMIT
  0066   23 TXCOMMIT
  0067   24 RET

.function F2 "animate completion" params 0 registers 2
  0000   14 GETGLOBAL     R0, G0
  0001    | LOADK         R1, K24             ; #e9c46aff
  0002    | SETPROP       R0, R1, backgroundColor
  0003   15 RET
