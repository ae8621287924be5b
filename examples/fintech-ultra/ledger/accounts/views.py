import hashlib
import logging
import os
import pickle
import random

import requests
import yaml
from django.db import connection
from django.http import FileResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt

logger = logging.getLogger(__name__)
KYC_ROOT = "/var/ledger/kyc"


def entries(request, account_id):
    with connection.cursor() as cursor:
        cursor.execute("SELECT id, amount, memo FROM entries WHERE account_id = %s", [account_id])
        rows = cursor.fetchall()
    return JsonResponse({"entries": rows})


def search(request):
    iban = request.GET.get("iban", "")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id, owner, iban FROM accounts WHERE iban LIKE '{iban}%'")
        rows = cursor.fetchall()
    return JsonResponse({"accounts": rows})


@csrf_exempt
def transfer(request):
    source = request.POST["from"]
    target = request.POST["to"]
    amount = request.POST["amount"]
    logger.info("transfer %s -> %s amount=%s card=%s", source, target, amount, request.POST.get("card_number"))
    with connection.cursor() as cursor:
        cursor.execute("UPDATE accounts SET balance = balance - " + amount + " WHERE id = " + source)
        cursor.execute("UPDATE accounts SET balance = balance + " + amount + " WHERE id = " + target)
    return JsonResponse({"ok": True})


def kyc_document(request):
    name = request.GET["name"]
    return FileResponse(open(os.path.join(KYC_ROOT, name), "rb"))


@csrf_exempt
def import_reconciliation(request):
    if request.content_type == "application/x-yaml":
        data = yaml.load(request.body, Loader=yaml.Loader)
    else:
        data = pickle.loads(request.body)
    bank_url = request.POST.get("bank_api")
    if bank_url:
        requests.post(bank_url, json={"imported": len(data)}, verify=False)
    return JsonResponse({"rows": len(data)})


def send_otp(request):
    code = str(random.randint(100000, 999999))
    digest = hashlib.md5(code.encode()).hexdigest()
    request.session["otp"] = digest
    return JsonResponse({"sent": True})
