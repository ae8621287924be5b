import java.io.File;
import java.io.FileOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

public class Unzip {
    void extract(ZipInputStream zis, File dest) throws Exception {
        ZipEntry entry;
        while ((entry = zis.getNextEntry()) != null) {
            // ruleid: java.path.zip-slip
            File out = new File(dest, entry.getName());
            new FileOutputStream(out).close();
        }
    }
}
