import json
import pickle

import yaml


def load(blob, text):
    # ruleid: py.deserialization.pickle
    obj = pickle.loads(blob)
    # ok: py.deserialization.pickle
    data = json.loads(blob)
    # ruleid: py.deserialization.yaml-unsafe-load
    a = yaml.load(text)
    # ruleid: py.deserialization.yaml-unsafe-load
    b = yaml.load(text, Loader=yaml.Loader)
    # ruleid: py.deserialization.yaml-unsafe-load
    c = yaml.unsafe_load(text)
    # ok: py.deserialization.yaml-unsafe-load
    d = yaml.safe_load(text)
    # ok: py.deserialization.yaml-unsafe-load
    e = yaml.load(text, Loader=yaml.SafeLoader)
    return obj, data, a, b, c, d, e
