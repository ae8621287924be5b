import java.io.InputStream;
import java.io.ObjectInputStream;

public class Reader {
    Object read(InputStream in) throws Exception {
        ObjectInputStream ois = new ObjectInputStream(in);
        // ruleid: java.deserialization.object-input-stream
        return ois.readObject();
    }
}
