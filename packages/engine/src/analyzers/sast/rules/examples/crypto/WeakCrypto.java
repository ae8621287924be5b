import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Random;
import javax.crypto.Cipher;
import javax.net.ssl.X509TrustManager;

public class WeakCrypto {
    byte[] hash(byte[] data) throws Exception {
        // ruleid: java.crypto.weak-hash
        MessageDigest md = MessageDigest.getInstance("MD5");
        // ruleid: java.crypto.weak-hash
        MessageDigest md2 = MessageDigest.getInstance(props.getProperty("hashAlg", "SHA1"));
        // ok: java.crypto.weak-hash
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        return md.digest(data);
    }

    Cipher cipher() throws Exception {
        // ruleid: java.crypto.weak-cipher
        Cipher a = Cipher.getInstance("DES/CBC/PKCS5Padding");
        // ruleid: java.crypto.weak-cipher
        Cipher b = Cipher.getInstance("AES/ECB/PKCS5Padding");
        // ruleid: java.crypto.weak-cipher
        Cipher c = Cipher.getInstance("AES");
        // ok: java.crypto.weak-cipher
        Cipher d = Cipher.getInstance("AES/GCM/NoPadding");
        String algorithm = props.getProperty("cryptoAlg", "DESede/ECB/PKCS5Padding");
        // ruleid: java.crypto.weak-cipher
        Cipher e = Cipher.getInstance(algorithm);
        // ruleid: java.crypto.weak-cipher
        javax.crypto.SecretKey key = javax.crypto.KeyGenerator.getInstance("DES").generateKey();
        // ok: java.crypto.weak-cipher
        javax.crypto.SecretKey key2 = javax.crypto.KeyGenerator.getInstance("AES").generateKey();
        return d;
    }

    String rememberMeToken() {
        // ruleid: java.crypto.insecure-random
        double value = new java.util.Random().nextDouble();
        return Double.toString(value);
    }

    String sessionId() {
        // ok: java.crypto.insecure-random
        SecureRandom random = new SecureRandom();
        return Long.toString(random.nextLong());
    }

    int pickColor() {
        // ok: java.crypto.insecure-random
        return new Random().nextInt(6);
    }

    X509TrustManager trustAll() {
        return new X509TrustManager() {
            public void checkClientTrusted(java.security.cert.X509Certificate[] c, String a) {}
            // ruleid: java.crypto.trust-all-certificates
            public void checkServerTrusted(java.security.cert.X509Certificate[] c, String a) {}
            public java.security.cert.X509Certificate[] getAcceptedIssuers() { return null; }
        };
    }

    void contexts() throws Exception {
        // ruleid: java.crypto.obsolete-tls-version
        javax.net.ssl.SSLContext old = javax.net.ssl.SSLContext.getInstance("TLSv1");
        // ok: java.crypto.obsolete-tls-version
        javax.net.ssl.SSLContext ctx = javax.net.ssl.SSLContext.getInstance("TLSv1.3");
    }

    void verifier(javax.net.ssl.HttpsURLConnection conn) {
        // ruleid: java.crypto.trust-all-certificates
        conn.setHostnameVerifier((host, session) -> true);
        // ok: java.crypto.trust-all-certificates
        conn.setHostnameVerifier((host, session) -> host.equals("api.example.com"));
    }
}
