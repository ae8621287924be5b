#!/bin/sh
set -e
docker build -t paylane/api:latest api
docker build -t paylane/ledger:latest ledger
docker push paylane/api:latest
docker push paylane/ledger:latest
