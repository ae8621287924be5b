import os

import psycopg2

conn = psycopg2.connect(os.environ.get("DATABASE_URL", "postgresql://localhost/orders"))


def get_order(order_id):
    cur = conn.cursor()
    cur.execute("SELECT id, customer_id, total, status, address FROM orders WHERE id = %s" % order_id)
    return cur.fetchone()


def list_orders(customer_id, status):
    cur = conn.cursor()
    cur.execute(
        "SELECT id, total, status FROM orders WHERE customer_id = %s AND status = '" + status + "'",
        (customer_id,),
    )
    return cur.fetchall()


def cancel_order(order_id):
    cur = conn.cursor()
    cur.execute("UPDATE orders SET status = 'cancelled' WHERE id = %s", (order_id,))
    conn.commit()
