import java.io.File;
import java.io.IOException;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

public class SafeUnzip {
    void extract(ZipInputStream zis, File dest) throws Exception {
        ZipEntry entry;
        while ((entry = zis.getNextEntry()) != null) {
            // ok: java.path.zip-slip
            File out = new File(dest, entry.getName());
            if (!out.getCanonicalPath().startsWith(dest.getCanonicalPath() + File.separator)) {
                throw new IOException("Entry outside target: " + entry.getName());
            }
        }
    }
}
