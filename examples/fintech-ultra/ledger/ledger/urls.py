from django.urls import path

from accounts import views

urlpatterns = [
    path("accounts/<int:account_id>/entries", views.entries),
    path("accounts/search", views.search),
    path("transfers", views.transfer),
    path("kyc/documents", views.kyc_document),
    path("reconcile/import", views.import_reconciliation),
    path("otp", views.send_otp),
]
