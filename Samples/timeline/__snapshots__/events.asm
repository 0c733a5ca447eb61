; calc bytecode, format 2
; source: Samples/timeline/events.cal
.scene size 240x120 scale 1 fps 10 duration 3 background #ffffffff origin topLeft
.globals 6

.constants
  K0      number    20
  K1      number    220
  K2      number    1
  K3      number    0.5
  K4      rect      (0, 0, 16, 16)
  K5      point     (20, 20)
  K6      color     #1d3557ff
  K7      rect      (0, 0, 12, 12)
  K8      point     (20, 50)
  K9      color     #e9c46aff
  K10     point     (20, 70)
  K11     color     #e76f51ff
  K12     point     (20, 90)
  K13     color     #2a9d8fff
  K14     rect      (0, 0, 4, 12)
  K15     point     (2, 110)
  K16     color     #6d6875ff
  K17     string    "position"
  K18     string    "slide"
  K19     number    0
  K20     number    2
  K21     number    120
  K22     number    40
  K23     number    8
  K24     number    0.2
  K25     number    0.4
  K26     number    100
  K27     color     #e63946ff

.layer LT0 plain "mover"
  bounds = K4                 ; (0, 0, 16, 16)
  position = K5               ; (20, 20)
  backgroundColor = K6        ; #1d3557ff

.layer LT1 plain "started"
  bounds = K7                 ; (0, 0, 12, 12)
  position = K8               ; (20, 50)
  backgroundColor = K9        ; #e9c46aff

.layer LT2 plain "stopped"
  bounds = K7                 ; (0, 0, 12, 12)
  position = K10              ; (20, 70)
  backgroundColor = K11       ; #e76f51ff

.layer LT3 plain "ticks"
  bounds = K7                 ; (0, 0, 12, 12)
  position = K12              ; (20, 90)
  backgroundColor = K13       ; #2a9d8fff

.layer LT4 plain "frames"
  bounds = K14                ; (0, 0, 4, 12)
  position = K15              ; (2, 110)
  backgroundColor = K16       ; #6d6875ff

.animation AT0 basic position.x
  from = K0                   ; 20
  to = K1                     ; 220
  duration = K2               ; 1
  beginTime = K3              ; 0.5

.function F0 "main" params 0 registers 5
  0000    9 NEWLAYER      R0, LT0             ; plain "mover"
  0001    | SETGLOBAL     R0, G1
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G1
  0004    | ADDSUBLAYER   R0, R1
  0005   11 NEWLAYER      R0, LT1             ; plain "started"
  0006    | SETGLOBAL     R0, G2
  0007    | GETGLOBAL     R0, G2
  0008    | LOADNIL       R1
  0009    | SETACTION     R0, R1, K17         ; "position"
  0010    | ROOT          R0
  0011    | GETGLOBAL     R1, G2
  0012    | ADDSUBLAYER   R0, R1
  0013   12 NEWLAYER      R0, LT2             ; plain "stopped"
  0014    | SETGLOBAL     R0, G3
  0015    | GETGLOBAL     R0, G3
  0016    | LOADNIL       R1
  0017    | SETACTION     R0, R1, K17         ; "position"
  0018    | ROOT          R0
  0019    | GETGLOBAL     R1, G3
  0020    | ADDSUBLAYER   R0, R1
  0021   13 NEWLAYER      R0, LT3             ; plain "ticks"
  0022    | SETGLOBAL     R0, G4
  0023    | GETGLOBAL     R0, G4
  0024    | LOADNIL       R1
  0025    | SETACTION     R0, R1, K17         ; "position"
  0026    | ROOT          R0
  0027    | GETGLOBAL     R1, G4
  0028    | ADDSUBLAYER   R0, R1
  0029   14 NEWLAYER      R0, LT4             ; plain "frames"
  0030    | SETGLOBAL     R0, G5
  0031    | GETGLOBAL     R0, G5
  0032    | LOADNIL       R1
  0033    | SETACTION     R0, R1, K17         ; "position"
  0034    | ROOT          R0
  0035    | GETGLOBAL     R1, G5
  0036    | ADDSUBLAYER   R0, R1
  0037   16 GETGLOBAL     R0, G1
  0038    | LOADK         R1, K18             ; "slide"
  0039    | NEWARRAY      R2, R3, 0
  0040    | ONSTART       R0..R1, R2, F1      ; "on mover.slide.didStart"
  0041   17 GETGLOBAL     R0, G1
  0042    | LOADK         R1, K18             ; "slide"
  0043    | NEWARRAY      R2, R3, 0
  0044    | ONSTOP        R0..R1, R2, F2      ; "on mover.slide.didStop"
  0045   21 LOADK         R0, K19             ; 0
  0046    | NEWARRAY      R1, R2, 0
  0047    | SCHEDULE      R0, R1, F3          ; "at 0s"
  0048   23 LOADK         R0, K3              ; 0.5
  0049    | LOADK         R1, K3              ; 0.5
  0050    | LOADK         R2, K20             ; 2
  0051    | NEWARRAY      R3, R4, 0
  0052    | EVERY         R0..R2, R3, F4      ; "every 0.5s"
  0053   27 NEWARRAY      R0, R1, 0
  0054    | ONFRAME       R0, F5              ; "every frame"
  0055   29 LOADK         R0, K20             ; 2
  0056    | NEWARRAY      R1, R2, 0
  0057    | SCHEDULE      R0, R1, F6          ; "at 2s"
  0058   37 RET

.function F1 "on mover.slide.didStart" params 0 registers 2
  0000   16 GETGLOBAL     R0, G2
  0001    | LOADK         R1, K21             ; 120
  0002    | SETPROP       R0, R1, position.x
  0003    | RET

.function F2 "on mover.slide.didStop" params 1 registers 3
  0000   18 JMPIFNOT      R0, +3              ; -> 0004
  0001    | GETGLOBAL     R1, G3
  0002    | LOADK         R2, K1              ; 220
  0003    | SETPROP       R1, R2, position.x
  0004   19 RET

.function F3 "at 0s" params 0 registers 2
  0000   21 GETGLOBAL     R0, G1
  0001    | ANIMNEW       R1, AT0             ; basic position.x
  0002    | ANIMADD       R0, R1, K18         ; "slide"
  0003    | RET

.function F4 "every 0.5s" params 0 registers 2
  0000   24 GETGLOBAL     R0, G4
  0001    | GETGLOBAL     R1, G4
  0002    | GETPROP       R1, R1, position.x
  0003    | ADD           R1, R1, K22         ; 40
  0004    | SETPROP       R0, R1, position.x
  0005   25 RET

.function F5 "every frame" params 0 registers 2
  0000   27 GETGLOBAL     R0, G5
  0001    | GETGLOBAL     R1, G5
  0002    | GETPROP       R1, R1, position.x
  0003    | ADD           R1, R1, K23         ; 8
  0004    | SETPROP       R0, R1, position.x
  0005    | RET

.function F6 "at 2s" params 0 registers 3
  0000   30 NOW           R0
  0001    | ADD           R0, R0, K24         ; 0.2
  0002    | NEWARRAY      R1, R2, 0
  0003    | SCHEDULE      R0, R1, F7          ; "after 0.2s"
  0004   37 RET

.function F7 "after 0.2s" params 0 registers 2
  0000   31 TXBEGIN
  0001    | LOADK         R0, K25             ; 0.4
  0002    | TXSET         R0, animationDuration
  0003    | NEWARRAY      R0, R1, 0
  0004    | TXCOMPLETION  R0, F8              ; "transaction completion"
  0005   32 GETGLOBAL     R0, G1
  0006    | LOADK         R1, K26             ; 100
  0007    | SETPROP       R0, R1, position.y
  0008   35 TXCOMMIT
  0009   36 RET

.function F8 "transaction completion" params 0 registers 2
  0000   34 GETGLOBAL     R0, G1
  0001    | LOADK         R1, K27             ; #e63946ff
  0002    | SETPROP       R0, R1, backgroundColor
  0003   35 RET
