; calc bytecode, format 2
; source: Samples/basics/hello.cal
.scene size 320x240 scale 1 fps 30 duration 2 background #f4f1eaff origin topLeft
.globals 5

.constants
  K0      rect      (0, 0, 200, 120)
  K1      point     (160, 110)
  K2      color     #ffffffff
  K3      number    16
  K4      number    3
  K5      color     #1d3557ff
  K6      rect      (150, 12, 36, 36)
  K7      number    18
  K8      color     #e63946ff
  K9      rect      (0, 0, 24, 24)
  K10     point     (40, 205)
  K11     number    12
  K12     number    40
  K13     number    280
  K14     number    1
  K15     timing    easeInEaseOut
  K16     bool      true
  K17     number    inf
  K18     string    "slide"
  K19     transform [0.9975640502598242 -0.0697564737441253 0 0, 0.0697564737441253 0.9975640502598242 0 0, 0 0 1 0, 0 0 0 1]

.layer LT0 plain "badge"
  frame = K6                  ; (150, 12, 36, 36)
  cornerRadius = K7           ; 18
  backgroundColor = K8        ; #e63946ff

.layer LT1 plain "card"
  bounds = K0                 ; (0, 0, 200, 120)
  position = K1               ; (160, 110)
  backgroundColor = K2        ; #ffffffff
  cornerRadius = K3           ; 16
  borderWidth = K4            ; 3
  borderColor = K5            ; #1d3557ff

.layer LT2 plain "dot"
  bounds = K9                 ; (0, 0, 24, 24)
  position = K10              ; (40, 205)
  cornerRadius = K11          ; 12
  backgroundColor = K5        ; #1d3557ff

.animation AT0 basic position.x
  from = K12                  ; 40
  to = K13                    ; 280
  duration = K14              ; 1
  timingFunction = K15        ; easeInEaseOut
  autoreverses = K16          ; true
  repeatCount = K17           ; inf

.function F0 "main" params 0 registers 3
  0000   15 NEWLAYER      R0, LT1             ; plain "card"
  0001    | SETGLOBAL     R0, G2
  0002    | ROOT          R0
  0003    | GETGLOBAL     R1, G2
  0004    | ADDSUBLAYER   R0, R1
  0005   23 NEWLAYER      R0, LT0             ; plain "badge"
  0006    | SETGLOBAL     R0, G3
  0007    | GETGLOBAL     R0, G2
  0008    | GETGLOBAL     R1, G3
  0009    | ADDSUBLAYER   R0, R1
  0010   30 NEWLAYER      R0, LT2             ; plain "dot"
  0011    | SETGLOBAL     R0, G4
  0012    | ROOT          R0
  0013    | GETGLOBAL     R1, G4
  0014    | ADDSUBLAYER   R0, R1
  0015   36 GETGLOBAL     R0, G4
  0016    | ANIMNEW       R1, AT0             ; basic position.x
  0017    | ANIMADD       R0, R1, K18         ; "slide"
  0018   48 LOADK         R0, K14             ; 1
  0019    | NEWARRAY      R1, R2, 0
  0020    | SCHEDULE      R0, R1, F1          ; "at 1s"
  0021   51 RET

.function F1 "at 1s" params 0 registers 2
  0000   50 GETGLOBAL     R0, G2
  0001    | LOADK         R1, K19             ; [0.9975640502598242 -0.0697564737441253 0 0, 0.0697564737441253 0.9975640502598242 0 0, 0 0 1 0, 0 0 0 1]
  0002    | SETPROP       R0, R1, transform
  0003   51 RET
