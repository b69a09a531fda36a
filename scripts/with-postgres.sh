#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster: initdb in a temp folder, started on 127.0.0.1 on a free
# port, DATABASE_URL exported for the command, then stopped and deleted whatever the command's outcome.
#   scripts/with-postgres.sh npm run test:server
# As root the cluster runs as the `postgres` user (PostgreSQL refuses to run as root). Durability is switched off
# (fsync, synchronous_commit): the cluster lives for one command.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args…]" >&2
  exit 2
fi

PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"
if [ ! -x "${PG_BIN}/initdb" ] || [ ! -x "${PG_BIN}/pg_ctl" ]; then
  echo "PostgreSQL server binaries not found (set PG_BIN, or apt-get install postgresql)" >&2
  exit 1
fi

workdir="$(mktemp -d /tmp/life-pay-pg.XXXXXX)"
port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"

as_cluster_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

if [ "$(id -u)" -eq 0 ]; then
  chown postgres "${workdir}"
fi

cleanup() {
  as_cluster_owner "${PG_BIN}/pg_ctl" -D "${workdir}/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "${workdir}"
}
trap cleanup EXIT

as_cluster_owner "${PG_BIN}/initdb" -D "${workdir}/data" -U lifepay --auth=trust --encoding=UTF8 --no-locale >/dev/null
as_cluster_owner "${PG_BIN}/pg_ctl" -D "${workdir}/data" -l "${workdir}/postgres.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p ${port} -k ${workdir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null

export DATABASE_URL="postgres://lifepay@127.0.0.1:${port}/postgres"
echo "PostgreSQL ($("${PG_BIN}/postgres" --version | awk '{print $3}')) on 127.0.0.1:${port}" >&2
set +e
"$@"
status=$?
set -e
exit "${status}"
