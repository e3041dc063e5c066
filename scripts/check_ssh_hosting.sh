#!/bin/sh
# check_ssh_hosting.sh -- prove the hosting setup of docs/ssh.md works, end to end.
#
#   sudo scripts/check_ssh_hosting.sh [--checkout]
#
# Runs a private sshd on 127.0.0.1 (a free high port, its own host key and config,
# which Includes contrib/sshd_dominoes.conf with only the user name and the paths
# changed; $CHECK_SNIPPET checks another copy), creates the account ($CHECK_USER,
# default "dominoes") if it does not exist, and logs in with fresh keys (one bare,
# one "restrict,pty"), inside tmux at 80x24:
#
#   1. ssh -tt with TERM=xterm (16 colours): the title screen appears, in 16-colour
#      codes only; at 70x20 the enlarge-the-terminal notice shows, back at 80x24 the
#      title again; "q" ends the game and the connection; the key got its own folder;
#   2. the same with "-o SetEnv=NO_COLOR=1" (AcceptEnv): greys only; and with
#      TERM=xterm-256color: 256-colour codes;
#   3. a requested command is ignored: the game starts instead, the command never runs;
#   4. without a terminal (ssh -T, sftp) the account only says how to connect;
#   5. port forwarding is refused (-W, -L and -R), and sshd -T shows the account's
#      effective settings (forced command, no forwarding of any kind).
#
# The game is installed for the account as a host would: a fresh venv, made from a
# Python the account may run ($CHECK_PYTHON, else /usr/bin/python3, ...; a Python
# under /root will not do), gets a non-editable "pip install" of the checkout
# (pip fetches Textual and platformdirs from the package index). With --checkout,
# the checkout's .venv/bin/dominoes is used instead, if the account can run it.
# Prints PASS (exit 0) or FAIL with the reasons (exit 1); SKIP (exit 77) when it
# cannot run here (not root, or sshd/ssh/tmux missing). Everything it starts is
# stopped by process id and everything it made is removed when it exits.
set -u

ROOT=$(cd "$(dirname "$0")/.." && pwd)
USER_NAME=${CHECK_USER:-dominoes}
INSTALL=1
[ "${1:-}" = "--checkout" ] && INSTALL=0
SSHD=$(command -v sshd || echo /usr/sbin/sshd)
SNIPPET=${CHECK_SNIPPET:-$ROOT/contrib/sshd_dominoes.conf}   # e.g. your edited copy

skip() { echo "SKIP: $*"; exit 77; }
[ "$(id -u)" = 0 ] || skip "run as root (sshd must switch to the $USER_NAME account)"
[ -x "$SSHD" ] || skip "sshd not installed (apt-get install openssh-server)"
for tool in ssh ssh-keygen tmux sftp python3; do
    command -v "$tool" >/dev/null 2>&1 || skip "$tool not installed"
done

WORK=$(mktemp -d /tmp/dominoes-ssh-check.XXXXXX) || exit 1
chmod 755 "$WORK"
TMUX_SOCKET="$WORK/tmux.sock"
SSHD_PID=
CREATED_USER=0
CREATED_PRIVSEP=0
FAILS=0

say() { printf '%s\n' "$*"; }
ok() { say "  ok   $*"; }
bad() { say "  FAIL $*"; FAILS=$((FAILS + 1)); }

descendants() {                       # every process under pid $1, deepest first
    for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do
        descendants "$child"
        echo "$child"
    done
}

cleanup() {
    tmux -S "$TMUX_SOCKET" kill-server >/dev/null 2>&1
    if [ -n "$SSHD_PID" ]; then
        n=0                           # sessions end when tmux closes their clients
        while [ -n "$(descendants "$SSHD_PID")" ] && [ $n -lt 50 ]; do
            sleep 0.1; n=$((n + 1))
        done
        for pid in $(descendants "$SSHD_PID"); do kill "$pid" 2>/dev/null; done
        kill "$SSHD_PID" 2>/dev/null
        wait "$SSHD_PID" 2>/dev/null
    fi
    if [ "$CREATED_USER" = 1 ]; then userdel "$USER_NAME" 2>/dev/null; fi
    if [ "$CREATED_PRIVSEP" = 1 ]; then rmdir /run/sshd 2>/dev/null; fi
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# -- the account, the game, keys ---------------------------------------------------
if id "$USER_NAME" >/dev/null 2>&1; then
    HOME_DIR=$(getent passwd "$USER_NAME" | cut -d: -f6)
    say "using the existing account $USER_NAME (home $HOME_DIR)"
else
    HOME_DIR="$WORK/home"
    useradd --home-dir "$HOME_DIR" --create-home --shell /bin/sh "$USER_NAME" || exit 1
    usermod -p '*' "$USER_NAME"       # no password, yet not locked: keys only
    CREATED_USER=1
fi
as_player() { runuser -u "$USER_NAME" -- "$@"; }

if [ "$INSTALL" = 1 ]; then
    PY=
    for candidate in ${CHECK_PYTHON:-} /usr/bin/python3 /usr/local/bin/python3 \
            $(command -v python3.13 python3.12 python3.11 python3 2>/dev/null); do
        [ -x "$candidate" ] || continue
        if as_player "$candidate" -c 'import sys, venv; sys.exit(sys.version_info < (3, 11))' \
                2>/dev/null; then PY=$candidate; break; fi
    done
    [ -n "$PY" ] || { echo "FAIL: no Python 3.11+ that $USER_NAME may run (set CHECK_PYTHON)"; exit 1; }
    say "installing the checkout into $WORK/venv ($PY -m venv; pip install, non-editable) ..."
    mkdir "$WORK/src"                 # a copy: building leaves build/ and egg-info behind
    tar -C "$ROOT" --exclude=./.venv --exclude=./.git --exclude=__pycache__ --exclude=./build \
        --exclude='*.egg-info' -cf - . | tar -C "$WORK/src" -xf -
    "$PY" -m venv "$WORK/venv" && "$WORK/venv/bin/python" -m pip install -q \
        --disable-pip-version-check "$WORK/src" >"$WORK/pip.log" 2>&1 \
        || { echo "FAIL: pip install"; tail -20 "$WORK/pip.log"; exit 1; }
    GAME="$WORK/venv/bin/dominoes"
else
    GAME="$ROOT/.venv/bin/dominoes"
fi
if ! version=$(as_player "$GAME" --version 2>&1); then
    echo "FAIL: $USER_NAME cannot run $GAME: $version"; exit 1
fi
say "$USER_NAME runs $GAME: $version"
mkdir -p "$WORK/bin"
install -m 755 "$ROOT/contrib/dominoes-shell" "$WORK/bin/dominoes-shell"
if [ ! -d /run/sshd ]; then           # sshd's privilege-separation directory
    mkdir -p -m 755 /run/sshd && CREATED_PRIVSEP=1
fi

ssh-keygen -q -t ed25519 -N '' -C dominoes-check-host -f "$WORK/host_key" || exit 1
ssh-keygen -q -t ed25519 -N '' -C dominoes-check-player -f "$WORK/player_key" || exit 1
ssh-keygen -q -t ed25519 -N '' -C dominoes-check-restricted -f "$WORK/restricted_key" || exit 1
mkdir -m 755 "$WORK/authorized_keys"
# the first key bare (the snippet alone must refuse everything), the second as docs/ssh.md
# suggests: "restrict,pty" (a second lock that must still let the game have its terminal)
{ cat "$WORK/player_key.pub"; printf 'restrict,pty %s\n' "$(cat "$WORK/restricted_key.pub")"; } \
    > "$WORK/authorized_keys/$USER_NAME"
chmod 644 "$WORK/authorized_keys/$USER_NAME"

PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
echo "[127.0.0.1]:$PORT $(cut -d' ' -f1,2 "$WORK/host_key.pub")" > "$WORK/known_hosts"

# The snippet as shipped, with only the account name and the two paths changed.
sed -e "s|^Match User dominoes\$|Match User $USER_NAME|" \
    -e "s|^\( *\)ForceCommand .*|\1ForceCommand $WORK/bin/dominoes-shell $GAME|" \
    "$SNIPPET" > "$WORK/sshd_dominoes.conf"
cat > "$WORK/sshd_config" <<EOF
# a private sshd for this check only: loopback, its own key, keys only
Port $PORT
ListenAddress 127.0.0.1
HostKey $WORK/host_key
PidFile $WORK/sshd.pid
AuthorizedKeysFile $WORK/authorized_keys/%u
# the check's files live under /tmp (world-writable): skip the path-ownership check
StrictModes no
UsePAM no
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin no
AllowUsers $USER_NAME
Subsystem sftp internal-sftp
LogLevel VERBOSE
Include $WORK/sshd_dominoes.conf
EOF
chmod 644 "$WORK/sshd_config" "$WORK/sshd_dominoes.conf"

if ! "$SSHD" -t -f "$WORK/sshd_config"; then
    echo "FAIL: sshd -t rejects the configuration"; exit 1
fi
"$SSHD" -D -f "$WORK/sshd_config" -E "$WORK/sshd.log" &
SSHD_PID=$!
n=0
until python3 -c "import socket,sys; socket.create_connection(('127.0.0.1', $PORT), 1)" 2>/dev/null; do
    n=$((n + 1))
    if [ $n -gt 50 ] || ! kill -0 "$SSHD_PID" 2>/dev/null; then
        echo "FAIL: sshd did not start"; cat "$WORK/sshd.log"; exit 1
    fi
    sleep 0.1
done
say "sshd (pid $SSHD_PID) on 127.0.0.1:$PORT; account $USER_NAME; game $GAME"

# (ssh takes the first value given for an option: LogLevel is set per use below)
SSH_BASE="ssh -F /dev/null -p $PORT -o IdentitiesOnly=yes -o BatchMode=yes
     -o UserKnownHostsFile=$WORK/known_hosts -o StrictHostKeyChecking=yes"
SSH="$SSH_BASE -i $WORK/player_key -o LogLevel=ERROR"
SSH_INFO="$SSH_BASE -i $WORK/player_key -o LogLevel=INFO"  # shows "administratively prohibited"
SSH_RESTRICTED="$SSH_BASE -i $WORK/restricted_key -o LogLevel=ERROR"
TARGET="$USER_NAME@127.0.0.1"

# -- helpers for tmux ------------------------------------------------------------------
pane() { tmux -S "$TMUX_SOCKET" capture-pane -p -t "$1"; }
wait_for() {                          # window, text, seconds (gives up if the pane died)
    n=0
    while [ $n -lt $(($3 * 10)) ]; do
        if tmux -S "$TMUX_SOCKET" capture-pane -p -t "$1" 2>/dev/null | grep -qF "$2"; then return 0; fi
        dead=$(tmux -S "$TMUX_SOCKET" display-message -p -t "$1" '#{pane_dead}' 2>/dev/null)
        [ "$dead" = 0 ] || return 1
        sleep 0.1; n=$((n + 1))
    done
    return 1
}
show_pane() {
    tmux -S "$TMUX_SOCKET" capture-pane -p -t "$1" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' |
        sed 's/^/       | /'
}
printf '%s\n' "set -g default-size 80x24" "set -g remain-on-exit on" > "$WORK/tmux.conf"
start_window() {                      # name, then the command (its environment, ssh ...)
    name=$1; shift
    if tmux -S "$TMUX_SOCKET" has-session -t check 2>/dev/null; then
        tmux -S "$TMUX_SOCKET" new-window -d -t check -n "$name" "$@"
    else
        tmux -S "$TMUX_SOCKET" -f "$WORK/tmux.conf" new-session -d -s check -n "$name" \
            -x 80 -y 24 "$@"
    fi
}
window_gone() {                       # the client in window $1 has exited
    n=0
    while [ $n -lt 100 ]; do
        dead=$(tmux -S "$TMUX_SOCKET" display-message -p -t "check:$1" '#{pane_dead}' 2>/dev/null)
        [ "$dead" = 1 ] && return 0
        sleep 0.1; n=$((n + 1))
    done
    return 1
}
colour_codes() {                      # the SGR colour parameters in a pane, one per line
    tmux -S "$TMUX_SOCKET" capture-pane -p -e -t "check:$1" |
        grep -o "$(printf '\033')\[[0-9;]*m" | tr -d '\033[m' | tr ';' '\n' | sort -u
}
TITLE="D O M I N O E S"

# -- 1. the title screen over ssh -tt, TERM=xterm (16 colours) ------------------------
say "1. ssh -tt, TERM=xterm, 80x24"
start_window plain env TERM=xterm $SSH -tt "$TARGET"
if wait_for check:plain "$TITLE" 60 && wait_for check:plain "Mexican Train" 5; then
    ok "the title screen appeared:"
    show_pane check:plain
    size=$(tmux -S "$TMUX_SOCKET" display-message -p -t check:plain '#{pane_width}x#{pane_height}')
    [ "$size" = 80x24 ] && ok "the pane is 80x24" || bad "the pane is $size, not 80x24"
    codes=$(colour_codes plain)
    if printf '%s\n' "$codes" | grep -qx '38\|48'; then
        bad "256/truecolor codes on a 16-colour terminal"
    else
        ok "16-colour codes only ($(printf '%s' "$codes" | tr '\n' ' '))"
    fi
    tmux -S "$TMUX_SOCKET" resize-window -t check:plain -x 70 -y 20
    if wait_for check:plain "Enlarge the terminal to at least 80×24" 20 \
            && wait_for check:plain "It is 70×20 now" 5; then
        ok "at 70x20 (ssh passes the resize on): the enlarge-the-terminal notice"
    else
        bad "no enlarge-the-terminal notice at 70x20"; show_pane check:plain
    fi
    tmux -S "$TMUX_SOCKET" resize-window -t check:plain -x 80 -y 24
    sleep 0.5
    if wait_for check:plain "$TITLE" 20 && ! pane check:plain | grep -q "Enlarge"; then
        ok "back at 80x24: the title screen again"
    else
        bad "the title did not come back at 80x24"; show_pane check:plain
    fi
    tmux -S "$TMUX_SOCKET" send-keys -t check:plain q
    if window_gone plain; then ok "q quit the game and closed the connection"
    else bad "the connection stayed open after q"; fi
else
    bad "no title screen within 60 s; the pane shows:"
    show_pane check:plain
    sed 's/^/       sshd: /' "$WORK/sshd.log" | tail -20
fi
players=$(ls "$HOME_DIR/players" 2>/dev/null | tr '\n' ' ')
case $players in
    ""|shared*) bad "no per-key player folder in $HOME_DIR/players ($players)" ;;
    *) ok "the player's key got its own folder: players/$players" ;;
esac

# -- 2. NO_COLOR sent by the client (AcceptEnv) -----------------------------------------
say "2. ssh -tt -o SetEnv=NO_COLOR=1 (TERM=xterm), then TERM=xterm-256color"
start_window mono env TERM=xterm $SSH -tt -o SetEnv=NO_COLOR=1 "$TARGET"
if wait_for check:mono "$TITLE" 60 && wait_for check:mono "Texas 42" 5; then
    ok "the title screen appeared"
    chroma=$(colour_codes mono | grep -x '3[1-6]\|4[1-6]\|9[1-6]\|10[1-6]\|38\|48' | tr '\n' ' ')
    if [ -n "$chroma" ]; then bad "colour codes under NO_COLOR: $chroma"
    else ok "greys only: $(colour_codes mono | tr '\n' ' ')"; fi
else
    bad "no title screen under NO_COLOR"
fi
tmux -S "$TMUX_SOCKET" send-keys -t check:mono q
start_window full env TERM=xterm-256color $SSH -tt "$TARGET"
if wait_for check:full "$TITLE" 60 && wait_for check:full "Texas 42" 5; then
    if colour_codes full | grep -qx 38; then ok "TERM=xterm-256color: 256-colour codes"
    else bad "TERM=xterm-256color: no 256-colour codes"; fi
else
    bad "no title screen with TERM=xterm-256color"
fi
tmux -S "$TMUX_SOCKET" send-keys -t check:full q

# -- 3. a requested command is ignored ------------------------------------------------------
say "3. ssh -tt host 'touch FILE; id' runs the game, not the command"
MARK="$HOME_DIR/forced-command-violated"
start_window forced env TERM=xterm $SSH -tt "$TARGET" "touch $MARK; id; sleep 30"
if wait_for check:forced "$TITLE" 60; then ok "the game started instead"
else bad "no title screen for a requested command"; fi
start_window restricted env TERM=xterm $SSH_RESTRICTED -tt "$TARGET" "id"
if wait_for check:restricted "$TITLE" 60; then ok "a 'restrict,pty' key plays too"
else bad "no title screen for the 'restrict,pty' key"; show_pane check:restricted; fi
if [ -e "$MARK" ] || pane check:forced | grep -q 'uid='; then bad "the requested command ran"
else ok "the command did not run"; fi
tmux -S "$TMUX_SOCKET" send-keys -t check:forced q
tmux -S "$TMUX_SOCKET" send-keys -t check:restricted q

# -- 4. no terminal: the account only says how to connect ----------------------------------
say "4. without a terminal"
out=$($SSH -T "$TARGET" "touch $MARK; id" 2>&1); rc=$?
if [ $rc -ne 0 ] && printf '%s' "$out" | grep -q "only plays Dominoes" && [ ! -e "$MARK" ] \
        && ! printf '%s' "$out" | grep -q 'uid='; then
    ok "ssh -T refused (status $rc): $(printf '%s' "$out" | head -1)"
else
    bad "ssh -T gave status $rc: $out"
fi
if sftp -F /dev/null -P "$PORT" -i "$WORK/player_key" -o IdentitiesOnly=yes -o BatchMode=yes \
        -o UserKnownHostsFile="$WORK/known_hosts" -o StrictHostKeyChecking=yes \
        -b /dev/null "$TARGET" >/dev/null 2>&1; then
    bad "sftp got a session"
else
    ok "sftp refused"
fi

# -- 5. forwarding refused -----------------------------------------------------------------
say "5. forwarding"
out=$(timeout 20 $SSH_INFO -W "127.0.0.1:$PORT" "$TARGET" </dev/null 2>&1); rc=$?
if [ $rc -ne 0 ] && printf '%s' "$out" | grep -q "prohibited"; then
    ok "ssh -W (stdio forwarding) refused: $(printf '%s' "$out" | grep prohibited | head -1)"
else
    bad "ssh -W gave status $rc: $out"
fi
LPORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
timeout 20 $SSH_INFO -N -L "127.0.0.1:$LPORT:127.0.0.1:$PORT" "$TARGET" 2>"$WORK/L.err" &
LPID=$!
n=0
until python3 -c "import socket; socket.create_connection(('127.0.0.1', $LPORT), 1)" 2>/dev/null \
        || [ $n -gt 50 ]; do sleep 0.1; n=$((n + 1)); done
banner=$(python3 -c "
import socket
s = socket.create_connection(('127.0.0.1', $LPORT), 5); s.settimeout(5)
try: print(s.recv(64).decode(errors='replace').strip())
except OSError: pass" 2>/dev/null)
kill "$LPID" 2>/dev/null; wait "$LPID" 2>/dev/null
if printf '%s' "$banner" | grep -q '^SSH-'; then bad "ssh -L carried a connection ($banner)"
elif grep -q "prohibited" "$WORK/L.err"; then
    ok "ssh -L refused: $(grep prohibited "$WORK/L.err" | head -1)"
else bad "ssh -L: no refusal seen ($(cat "$WORK/L.err"))"; fi
out=$(timeout 20 $SSH_INFO -N -o ExitOnForwardFailure=yes -R "127.0.0.1:0:127.0.0.1:$PORT" \
      "$TARGET" 2>&1); rc=$?
if [ $rc -ne 0 ] && [ $rc -ne 124 ] && printf '%s' "$out" | grep -qi "forwarding failed"; then
    ok "ssh -R refused: $out"
else
    bad "ssh -R gave status $rc: $out"
fi
effective=$("$SSHD" -T -f "$WORK/sshd_config" -C "user=$USER_NAME,host=localhost,addr=127.0.0.1")
for want in "forcecommand $WORK/bin/dominoes-shell $GAME" "disableforwarding yes" \
            "allowtcpforwarding no" "allowagentforwarding no" "x11forwarding no" \
            "permittunnel no" "permittty yes" "allowstreamlocalforwarding no"; do
    if printf '%s\n' "$effective" | grep -qxF "$want"; then ok "sshd -T: $want"
    else bad "sshd -T lacks '$want'"; fi
done

# -- verdict ---------------------------------------------------------------------------------
if grep -q "Traceback" "$WORK/sshd.log" 2>/dev/null; then bad "a traceback in the sshd log"; fi
if [ "$FAILS" -eq 0 ]; then
    echo "PASS: the dominoes account plays the game over SSH and nothing else"
    exit 0
fi
echo "FAIL: $FAILS check(s) failed"
exit 1
