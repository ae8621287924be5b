import os
import subprocess


def convert(filename):
    # ruleid: py.injection.shell-dynamic-command
    subprocess.call("convert " + filename + " out.png", shell=True)
    # ruleid: py.injection.shell-dynamic-command
    subprocess.run(f"tar czf backup.tgz {filename}", shell=True, check=True)
    # ruleid: py.injection.shell-dynamic-command
    os.system("rm -rf /tmp/" + filename)
    # ok: py.injection.shell-dynamic-command
    subprocess.run(["convert", filename, "out.png"], check=True)
    # ok: py.injection.shell-dynamic-command
    subprocess.run("ls -la /var/log", shell=True)
    # ok: py.injection.shell-dynamic-command
    os.system("uptime")


def calculate(expression, namespace):
    # ruleid: py.injection.eval-dynamic
    result = eval(expression)
    # ruleid: py.injection.eval-dynamic
    exec(compile(expression, "<input>", "exec"), namespace)
    # ok: py.injection.eval-dynamic
    constant = eval("1 + 2")
    return result, constant
