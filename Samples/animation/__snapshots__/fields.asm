; calc bytecode, format 5
; source: Samples/animation/fields.cal
.scene size 120x80 scale 1 fps 10 duration 2 background #000000ff origin topLeft
.globals 1

.constants
  K0      number    10
  K1      number    110
  K2      number    1
  K3      enum      case 1
  K4      bool      false
  K5      rect      (0, 0, 10, 10)
  K6      number    0
  K7      number    3
  K8      string    "bar"
  K9      number    15
  K10     number    25
  K11     color     #00ff00ff
  K12     number    2
  K13     string    "bar0"
  K14     string    "slide"
  K15     number    0.5
  K16     string    "bar1"
  K17     string    "bar2"

.layer LT0 plain ""
  bounds = K5                 ; (0, 0, 10, 10)

.animation AT0 basic position.x
  from = K0                   ; 10
  to = K1                     ; 110
  duration = K2               ; 1
  fillMode = K3               ; .forwards
  removedOnCompletion = K4    ; false

.function F0 "main" params 0 registers 7
  0000   15 LOADK         R2, K6              ; 0
  0001    | LOADK         R3, K7              ; 3
  0002    | FORPREP       R2..R3, R0, +18     ; -> 0021
  0003   16 NEWLAYER      R1, LT0             ; plain ""
  0004    | LOADK         R4, K8              ; "bar"
  0005    | MOVE          R6, R0
  0006    | CALLB         R5, R6, string
  0007    | ADD           R4, R4, R5
  0008    | SETPROP       R1, R4, name
  0009    | ROOT          R4
  0010    | ADDSUBLAYER   R4, R1
  0011   18 LOADK         R4, K0              ; 10
  0012    | LOADK         R5, K9              ; 15
  0013    | LOADK         R6, K10             ; 25
  0014    | MUL           R6, R6, R0
  0015    | ADD           R5, R5, R6
  0016    | MKPOINT       R4, R4, R5
  0017    | SETPROP       R1, R4, position
  0018   19 LOADK         R4, K11             ; #00ff00ff
  0019    | SETPROP       R1, R4, backgroundColor
  0020   15 FORLOOP       R2..R3, R0, -18     ; -> 0003
  0021   23 LOADK         R2, K6              ; 0
  0022    | NEWARRAY      R3, R4, 0
  0023    | SCHEDULE      R2, R3, F1          ; "at 0s"
  0024   34 RET

.function F1 "at 0s" params 0 registers 5
  0000   24 ANIMNEW       R0, AT0             ; basic position.x
  0001   25 ANIMCOPY      R2, R0
  0002    | LOADK         R3, K12             ; 2
  0003    | ANIMSET       R2, R3, duration
  0004    | MOVE          R0, R2
  0005   26 LOADK         R2, K13             ; "bar0"
  0006    | NAMED         R2, R2
  0007    | ANIMADD       R2, R0, K14         ; "slide"
  0008   27 ANIMCOPY      R2, R0
  0009    | LOADK         R3, K15             ; 0.5
  0010    | ANIMSET       R2, R3, duration
  0011    | MOVE          R0, R2
  0012   28 ANIMCOPY      R2, R0
  0013    | LOADK         R3, K15             ; 0.5
  0014    | ANIMSET       R2, R3, beginTime
  0015    | MOVE          R0, R2
  0016   29 LOADK         R2, K16             ; "bar1"
  0017    | NAMED         R2, R2
  0018    | ANIMADD       R2, R0, K14         ; "slide"
  0019   30 ANIMNEW       R1, AT0             ; basic position.x
  0020   31 ANIMCOPY      R2, R1
  0021    | LOADK         R3, K12             ; 2
  0022    | ANIMSET       R2, R3, repeatCount
  0023    | MOVE          R1, R2
  0024   32 ANIMCOPY      R2, R1
  0025    | LOADK         R3, K2              ; 1
  0026    | ANIMGET       R4, R1, repeatCount
  0027    | LT            R3, R3, R4
  0028    | ANIMSET       R2, R3, autoreverses
  0029    | MOVE          R1, R2
  0030   33 LOADK         R2, K17             ; "bar2"
  0031    | NAMED         R2, R2
  0032    | ANIMADD       R2, R1, K14         ; "slide"
  0033   34 RET
